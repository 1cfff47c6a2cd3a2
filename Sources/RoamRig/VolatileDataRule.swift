import RoamCore

/// What `record` does with a data directory in RAM (`VolatileStorage`), where every acknowledged
/// batch, and the LED's blink for it, is a promise power-off breaks (P1).
///
/// On a real board an overlay in RAM is refused: it is raspi-config's read-only root, turned on to
/// protect the card, under which every tool says the folder is on the card; the recorder then does
/// not start, and the LED stays dark rather than blink for rides that vanish. A folder straight on
/// tmpfs or ramfs is someone's own choice (an initramfs, as in the kernel-sim VMs; a test; a RAM
/// disk): recorded, with one warning at start (and `status` says it). `selftest` fails all three on
/// a real board, so `roam-board-enable` starts nothing on any of them.
///
/// The bench board is a bench, not a rider's card: its rides are simulated, and its data directory
/// is often a temporary folder (on Debian 13, /tmp is a tmpfs). It records in RAM with a note, and
/// `selftest` says it as a NOTE, not a FAIL (`benchNote`).
public enum VolatileDataRule {
    public enum Verdict: Sendable, Equatable {
        case record
        case warn(String)
        case refuse(String)
        /// The bench: said once at start as a note, recorded all the same.
        case note(String)
    }

    public static func verdict(_ storage: VolatileStorage?, folder: String, isBench: Bool) -> Verdict {
        guard let storage else { return .record }
        if isBench { return .note("the data directory \(folder) is " + benchNote(storage)) }
        let sentence = "the data directory \(folder) is " + storage.sentence(folder: folder)
        if case .overlayInRAM = storage { return .refuse(sentence) }
        return .warn(sentence)
    }

    /// After "is": the bench's data directory in RAM, for `record`'s note and `selftest`'s NOTE.
    public static func benchNote(_ storage: VolatileStorage) -> String {
        storage.words + ": the bench's simulated rides here are lost at power-off, which a bench may afford; "
            + "a real board's data directory must not be (selftest fails it there)"
    }
}
