import RoamCore

/// What `record` does with a data directory in RAM (`VolatileStorage`), where every acknowledged
/// batch, and the LED's blink for it, is a promise power-off breaks (P1).
///
/// On a real board an overlay in RAM is refused: it is raspi-config's read-only root, turned on to
/// protect the card, under which every tool says the folder is on the card; the recorder then does
/// not start, and the LED stays dark rather than blink for rides that vanish. A folder straight on
/// tmpfs or ramfs is someone's own choice (an initramfs, as in the kernel-sim VMs; a test; a RAM
/// disk): recorded, with one warning at start (and `status` says it). The bench always records.
/// `selftest` fails all three, so `roam-board-enable` starts nothing on any of them.
public enum VolatileDataRule {
    public enum Verdict: Sendable, Equatable {
        case record
        case warn(String)
        case refuse(String)
    }

    public static func verdict(_ storage: VolatileStorage?, folder: String, isBench: Bool) -> Verdict {
        guard let storage else { return .record }
        let sentence = "the data directory \(folder) is " + storage.sentence(folder: folder)
        if case .overlayInRAM = storage, !isBench { return .refuse(sentence) }
        return .warn(sentence)
    }
}
