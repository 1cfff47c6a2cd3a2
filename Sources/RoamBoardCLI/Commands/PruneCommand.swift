import RoamCore
import RoamHandover
import RoamStore
import RoamSystem

/// `roam-board prune --dumped-before DATE`: deletes the stopped rides already handed over before
/// DATE (00:00 in the board's time zone, the one `rides` shows the dumped times in; UTC with --db
/// alone), each in a transaction of its own (a recorder's batch waits for one ride at most), and says
/// what that freed. Never a ride not yet dumped.
/// `prune --ride N [--ride M…]`: deletes those rides, all or none (`PruneRides`).
enum PruneCommand {
    static func run(_ p: ParsedArguments) throws {
        let rides = try p.values(Options.ride)
        let text = try p.value(Options.dumpedBefore)
        let (path, time) = try BoardLoader.target(p)
        guard !rides.isEmpty || text != nil else {
            throw UsageError(command: p.command, message: "missing --dumped-before DATE or --ride N: say which rides to prune")
        }
        guard rides.isEmpty || text == nil else {
            throw UsageError(command: p.command, message: "--ride and --dumped-before cannot be given together: "
                             + "prune the rides named, or those dumped before a date, in two runs")
        }
        if p.value(Options.notDumpedToo) && rides.isEmpty {
            throw UsageError(command: p.command, message: "--not-dumped-too goes with --ride only: --dumped-before never prunes a ride never dumped")
        }
        let cutoff = try text.map { try cutoffUTCms($0, time: time) }
        // Opening read-write would create an empty database; a typo in --db must not.
        try BoardLoader.requireDatabase(path)
        // A full card: the advice every other writer gives ends in a prune, which cannot free it.
        do { try prune(p, rides: rides, text: text, cutoff: cutoff, path: path) } catch let e as SQLiteError where e.isFull {
            throw CLIError(description: ErrorText.pruneWithoutRoom(path), status: ExitStatus.ioError)
        }
    }

    private static func prune(_ p: ParsedArguments, rides: [Int64], text: String?, cutoff: Int64?, path: String) throws {
        guard let text, let cutoff else { return try PruneRides.run(p, rides: rides, path: path) }
        if p.value(Options.dryRun) {
            let preview = try Prune.preview(path: path, dumpedBeforeUTCms: cutoff)
            guard !preview.rideIDs.isEmpty else {
                print("no ride dumped before \(text) in \(FilePath.shown(path)); nothing would be pruned (dry run: nothing changed)")
                return
            }
            printPreview(preview, chosen: " dumped before \(text)")
            return
        }
        let report: Prune.Report
        do { report = try Prune.run(path: path, dumpedBeforeUTCms: cutoff) } catch let cut as Prune.CutShort {
            // Each ride goes alone: those before the failure are gone, and saying so is the rider's only record of it.
            printReport(cut.report, chosen: " dumped before \(text)")
            Console.error("roam-board prune: stopped after ride \(cut.report.rideIDs.last ?? 0); the rides chosen after it are kept, "
                          + "whole: the same prune run again goes on")
            throw cut.cause
        }
        if report.rideIDs.isEmpty {
            print("no ride dumped before \(text) in \(FilePath.shown(path)); nothing pruned")
            return
        }
        printReport(report, chosen: " dumped before \(text)")
    }

    /// "would prune 2 rides…: 3, 5" and what they hold; `chosen` says how they were chosen.
    static func printPreview(_ preview: Prune.Report, chosen: String) {
        print("would prune \(Plural.count(preview.rideIDs.count, "ride"))\(chosen): \(ids(preview))")
        print("would free \(Plural.count(preview.fixes, "fix", "fixes")) and \(Plural.count(preview.events, "event")) "
              + "(in use now \(ByteSize.text(preview.usedBytesBefore))); dry run: nothing changed")
    }

    static func printReport(_ report: Prune.Report, chosen: String) {
        print("pruned \(Plural.count(report.rideIDs.count, "ride"))\(chosen): \(ids(report))")
        print("freed \(Plural.count(report.fixes, "fix", "fixes")), \(Plural.count(report.events, "event")), \(ByteSize.text(report.freedBytes)) "
              + "(in use \(ByteSize.text(report.usedBytesBefore)) → \(ByteSize.text(report.usedBytesAfter)); "
              + "file \(ByteSize.text(report.fileBytesAfter)), freed pages are reused by new rides)")
    }

    private static func ids(_ r: Prune.Report) -> String { r.rideIDs.map(String.init).joined(separator: ", ") }

    /// "YYYY-MM-DD" → the instant of 00:00 that day in `time`'s zone (as `rides` shows the dumped
    /// times: it cut at 00:00 UTC, so a ride `rides` showed dumped on the 7th in Tokyo went with
    /// "--dumped-before 2026-12-07"); anything else is a usage error.
    static func cutoffUTCms(_ text: String, time: LocalTime) throws -> Int64 {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let fields = parts.compactMap { Int($0) }
        guard parts.count == 3, fields.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              (1...12).contains(fields[1]), (1...daysIn(year: fields[0], month: fields[1])).contains(fields[2]) else {
            throw UsageError(command: "prune", message: "--dumped-before '\(text)' is not an ISO date (YYYY-MM-DD)")
        }
        let midnight = CivilDate.daysFromCivil(year: fields[0], month: fields[1], day: fields[2]) * 86_400_000
        return utcMs(ofLocal: midnight, time: time)
    }

    /// The instant whose wall clock in `time`'s zone reads `localMs` (a local time counted as if it
    /// were UTC): the offset is taken at a first guess and again at the instant it gives, so a
    /// change of offset near midnight is read at the right side of it.
    static func utcMs(ofLocal localMs: Int64, time: LocalTime) -> Int64 {
        let guess = localMs - Int64(time.offsetS(utcMs: localMs)) * 1000
        return localMs - Int64(time.offsetS(utcMs: guess)) * 1000
    }

    private static func daysIn(year: Int, month: Int) -> Int {
        let next = month == 12 ? (year + 1, 1) : (year, month + 1)
        return Int(CivilDate.daysFromCivil(year: next.0, month: next.1, day: 1) - CivilDate.daysFromCivil(year: year, month: month, day: 1))
    }
}
