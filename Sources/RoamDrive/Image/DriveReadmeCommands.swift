import RoamCore
import RoamStore

extension DriveReadme {
    /// How README.txt's commands are run on the board, so each works as printed: as the data
    /// folder's owner (`sudo -u roam`: the database and its folder are the recorder's user's), and
    /// naming the database (`--board /etc/roam-board`: every reader needs --board or --db).
    public struct Commands: Sendable, Equatable {
        /// "sudo -u roam", "sudo" (a folder of root's), or "" (none needed).
        public var runAs: String
        /// "--board /etc/roam-board", or "--db /path/rides.db".
        public var database: String
        public init(runAs: String, database: String) { self.runAs = runAs; self.database = database }

        /// The installed board's: the drive's unit runs as roam with --board /etc/roam-board.
        public static let installed = Commands(runAs: "sudo -u roam", database: "--board /etc/roam-board")

        /// "sudo -u roam roam-board prune --board /etc/roam-board --ride 3".
        public func line(_ command: String, _ arguments: String = "") -> String {
            (runAs.isEmpty ? "" : runAs + " ") + "roam-board \(command) \(database)" + (arguments.isEmpty ? "" : " " + arguments)
        }

        /// A folder the rider may write on a Raspberry Pi OS board, on the card (not /tmp, in RAM):
        /// `dump` marks a ride handed over only where the file is kept.
        static let dumpFolder = "/var/tmp/rides/"

        /// How to free room, for an error line: a prune that runs as printed (`day`: the build's or
        /// the run's, in the board's zone), never "DATE", which a shell takes and the parser refuses.
        public func pruneAdvice(day: String) -> String {
            "prune rides already handed over: '\(line("prune", "--dumped-before \(day) --dry-run"))' lists those handed over "
                + "before \(day), and the same without --dry-run deletes them"
        }

        func dump(ride: Int64) -> String { line("dump", "--ride \(ride) --format fit -o \(Self.dumpFolder)") }
    }

    /// "2026-06-14": the day of a time as README.txt shows it (`DriveRideWriter.shownTime`, in the
    /// board's zone, as `rides` shows the dumped times and `prune --dumped-before` reads its date).
    public static func day(shown: String) -> String { String(shown.prefix(10)) }

    /// "Storage left …" and how to free room, in commands that work as printed. `ride`: the example id.
    static func freeRoomLines(_ facts: Facts, ride: Int64, day: String) -> [String] {
        let c = facts.commands
        return [
            "Storage left on the board: \(StorageEstimate.roomText(cardBytes: facts.freeBytes, reusableBytes: facts.reusableBytes)). "
                + "To free room, delete rides in a shell on the board:",
            "'\(c.line("prune", "--dumped-before \(day) --dry-run"))' lists those handed over before \(day)",
            "(give the day you choose, as YYYY-MM-DD), and",
            "'\(c.line("prune", "--ride \(ride) --dry-run"))' says what deleting ride \(ride) would free (give the id;",
            "see 'Handed over' below). Each deletes nothing until run again without --dry-run.",
            "A pruned ride's room stays inside rides.db (\(StorageEstimate.prunedRoom)): room for new rides, not for other files on the card.",
        ]
    }
}
