import RoamCore
import RoamRig
import Testing

/// P1: what `record` does with a data directory in RAM. raspi-config's overlay on a real board is
/// refused (the recorder does not start, so the LED does not blink for rides power-off takes);
/// tmpfs or ramfs (an initramfs, as in the kernel-sim VMs) are recorded with one warning, anything
/// on the bench with one note; a disk is recorded without a word.
@Suite struct VolatileDataRuleTests {
    static let overlay = VolatileStorage.overlayInRAM(evidence: "overlayroot=tmpfs on the kernel command line")

    @Test func anOverlayInRAMOnARealBoardIsRefusedInWords() {
        let verdict = VolatileDataRule.verdict(Self.overlay, folder: "/var/lib/roam-board", isBench: false)
        #expect(verdict == .refuse("the data directory /var/lib/roam-board is on an overlay whose writable layer is in RAM "
            + "(overlayroot=tmpfs on the kernel command line; raspi-config's Overlay File System does this to root): every ride written "
            + "here is lost at power-off, though each batch is acknowledged (and the LED blinks) as if it were on the card. Turn the "
            + "overlay off (sudo raspi-config nonint disable_overlayfs, then reboot): the rides need the card itself."))
    }

    @Test func tmpfsOnARealBoardIsRecordedWithAWarning() {
        for storage in [VolatileStorage.tmpfs, .ramfs] {
            let verdict = VolatileDataRule.verdict(storage, folder: "/var/lib/roam-board", isBench: false)
            #expect(verdict == .warn("the data directory /var/lib/roam-board is " + storage.sentence(folder: "/var/lib/roam-board")))
        }
    }

    /// The bench is a bench (its rides simulated; its folder often /tmp, a tmpfs on Debian 13): a note, never a warning or a refusal.
    @Test func theBenchInRAMIsRecordedWithANote() {
        for storage in [VolatileStorage.tmpfs, .ramfs, Self.overlay] {
            let verdict = VolatileDataRule.verdict(storage, folder: "/tmp/bench", isBench: true)
            #expect(verdict == .note("the data directory /tmp/bench is " + storage.words + ": the bench's simulated rides here are lost "
                + "at power-off, which a bench may afford; a real board's data directory must not be (selftest fails it there)"))
        }
    }

    @Test func aDiskIsRecordedWithoutAWord() {
        #expect(VolatileDataRule.verdict(nil, folder: "/var/lib/roam-board", isBench: false) == .record)
        #expect(VolatileDataRule.verdict(nil, folder: "data/bench", isBench: true) == .record)
    }
}
