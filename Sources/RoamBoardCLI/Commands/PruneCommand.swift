import RoamCore
import RoamStore

/// `roam-board prune --dumped-before DATE`: deletes the stopped rides already handed over before
/// DATE (00:00 UTC), in one transaction, and says what that freed. Never a ride not yet dumped.
enum PruneCommand {
    static func run(_ p: ParsedArguments) throws {
        let text = try p.value(Options.dumpedBefore)
        let cutoff = try cutoffUTCms(text)
        let path = try BoardLoader.databasePath(p)
        // Opening read-write would create an empty database; a typo in --db must not.
        try BoardLoader.requireDatabase(path)
        let ids = { (r: Prune.Report) in r.rideIDs.map(String.init).joined(separator: ", ") }
        if p.value(Options.dryRun) {
            let preview = try Prune.preview(path: path, dumpedBeforeUTCms: cutoff)
            guard !preview.rideIDs.isEmpty else {
                print("no ride dumped before \(text) in \(path); nothing would be pruned (dry run: nothing changed)")
                return
            }
            print("would prune \(Plural.count(preview.rideIDs.count, "ride")) dumped before \(text): \(ids(preview))")
            print("would free \(Plural.count(preview.fixes, "fix", "fixes")) and \(Plural.count(preview.events, "event")) "
                  + "(in use now \(ByteSize.text(preview.usedBytesBefore))); dry run: nothing changed")
            return
        }
        let report = try Prune.run(path: path, dumpedBeforeUTCms: cutoff)
        if report.rideIDs.isEmpty {
            print("no ride dumped before \(text) in \(path); nothing pruned")
            return
        }
        print("pruned \(Plural.count(report.rideIDs.count, "ride")) dumped before \(text): \(ids(report))")
        print("freed \(Plural.count(report.fixes, "fix", "fixes")), \(Plural.count(report.events, "event")), \(ByteSize.text(report.freedBytes)) "
              + "(in use \(ByteSize.text(report.usedBytesBefore)) → \(ByteSize.text(report.usedBytesAfter)); "
              + "file \(ByteSize.text(report.fileBytesAfter)), freed pages are reused by new rides)")
    }

    /// "YYYY-MM-DD" → milliseconds at 00:00 UTC that day; anything else is a usage error.
    static func cutoffUTCms(_ text: String) throws -> Int64 {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let fields = parts.compactMap { Int($0) }
        guard parts.count == 3, fields.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              (1...12).contains(fields[1]), (1...daysIn(year: fields[0], month: fields[1])).contains(fields[2]) else {
            throw UsageError(command: "prune", message: "--dumped-before '\(text)' is not an ISO date (YYYY-MM-DD)")
        }
        return CivilDate.daysFromCivil(year: fields[0], month: fields[1], day: fields[2]) * 86_400_000
    }

    private static func daysIn(year: Int, month: Int) -> Int {
        let next = month == 12 ? (year + 1, 1) : (year, month + 1)
        return Int(CivilDate.daysFromCivil(year: next.0, month: next.1, day: 1) - CivilDate.daysFromCivil(year: year, month: month, day: 1))
    }
}
