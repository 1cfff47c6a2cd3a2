import RoamCore

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
        func line(_ command: String, _ arguments: String = "") -> String {
            (runAs.isEmpty ? "" : runAs + " ") + "roam-board \(command) \(database)" + (arguments.isEmpty ? "" : " " + arguments)
        }

        /// A folder the rider may write on a Raspberry Pi OS board, on the card (not /tmp, in RAM):
        /// `dump` marks a ride handed over only where the file is kept.
        static let dumpFolder = "/var/tmp/rides/"

        func dump(ride: Int64) -> String { line("dump", "--ride \(ride) --format fit -o \(Self.dumpFolder)") }
    }

    /// "2026-06-14": the day `utcMs` falls on (UTC), the example date of `prune --dumped-before`.
    static func day(utcMs: Int64) -> String {
        let date = CivilDate.iso8601(utcMs: utcMs)
        return String(date.prefix(10))
    }

    /// "Storage left …" and how to free room, in commands that work as printed. `ride`: the example id.
    static func freeRoomLines(_ facts: Facts, ride: Int64) -> [String] {
        let c = facts.commands, day = day(utcMs: facts.builtUTCms)
        return [
            "Storage left on the board: \(ByteSize.text(facts.freeBytes)) free. To free room, delete rides in a shell on the board:",
            "'\(c.line("prune", "--dumped-before \(day) --dry-run"))' lists those handed over before \(day)",
            "(give the day you choose, as YYYY-MM-DD), and",
            "'\(c.line("prune", "--ride \(ride) --dry-run"))' says what deleting ride \(ride) would free (give the id;",
            "see 'Handed over' below). Each deletes nothing until run again without --dry-run.",
        ]
    }
}
