import RoamCore
import RoamExport
import RoamHandover
import RoamHardware
import RoamStore
import RoamSystem

/// `roam-board dump`: streams rides from a read-only connection (a WAL reader that never blocks the
/// recorder) through an exporter, to stdout or to one file per ride written atomically, then
/// records the dumped-at time of each stopped ride written to a file (a ride sent to stdout is not
/// marked: whether the pipe's reader kept it is not known; nor is one written into a folder in RAM, which
/// a power cut empties). Nothing else in the database changes. On a damaged
/// database every ride that can be read completely is still written, the others are named, and
/// nothing is marked: the damaged file is never written to.
enum DumpCommand {
    static func run(_ p: ParsedArguments) throws {
        let format = try p.value(Options.format)
        let (reader, time) = try BoardLoader.reader(p)
        let plan = try DumpPlan(p, format: format, reader: reader, time: time)
        let raw = p.value(Options.raw)
        var unreadable = plan.unreadable
        let standIns = plan.rides.filter { plan.standIns.contains($0.id) }
        if let lost = plan.rowsLost, !standIns.isEmpty { Console.error(lostListWords(standIns, why: lost)) }
        for id in unreadable { Console.error("ride \(id): cannot be read completely (the database is damaged there); left out") }
        var toMark: [Written] = []
        var written = 0
        var notWritten: [(id: Int64, failure: OutputFailure)] = []
        for planned in plan.rides {
            let provenance = try reader.provenance(ride: planned.id)
            // Said once per ride: its file is no recording of this board, and carries no raw NMEA.
            if let provenance { Console.error("ride \(planned.id) was \(provenance.sentence): not recorded by this board, no raw NMEA") }
            if plan.standIns.contains(planned.id), planned.state == .recording {
                Console.error("ride \(planned.id): no stop was stored: it was recording when the card was damaged, or its stop is lost too")
            }
            let exported: (ride: RideRow, fixes: Int?)?
            do {
                exported = try readable({ try exportOne(planned, provenance: provenance, plan: plan, raw: raw, reader: reader,
                                                        force: p.value(Options.force)) })
            } catch let failure as OutputFailure where plan.destination(for: planned) != .standardOutput {
                // One file that could not be written (a full card) keeps its ride back, not the others:
                // each is written whole or not at all, and a smaller one may still fit.
                Console.error("ride \(planned.id): \(failure)")
                notWritten.append((planned.id, failure))
                continue
            }
            guard let (ride, fixes) = exported else {
                Console.error("ride \(planned.id): cannot be read completely (the database is damaged there); left out")
                unreadable.append(planned.id)
                continue
            }
            written += 1
            // A recording ride's file holds what was committed so far: the ride is not handed over yet.
            if ride.state == .recording, !plan.standIns.contains(ride.id) {
                // A file left in place wrote nothing now: no count of fixes written is said.
                let what = fixes.map { "dumped what was committed so far, "
                    + SetAsideCount.written($0, of: ride.totals.fixCount, raw: raw) }
                let replay = InterruptedReplay.left(ride, recorderRunning: RidesCommand.recorderRunning(database: reader.path))
                Console.error("ride \(ride.id) \(replay ? "was left interrupted by a replay" : "is still recording"): "
                              + "\(what ?? "its file already held what was committed so far"); not marked as dumped"
                              + (replay ? " (\(InterruptedReplay.closedBy))" : ""))
                continue
            }
            // Only a file on storage, whole and under its name, is a copy: a pipe's reader may have kept nothing.
            // A ride handed over before keeps its mark, and needs no word.
            if plan.destination(for: ride) == .standardOutput {
                if ride.dumpedUTCms == nil {
                    Console.error("ride \(ride.id) went to standard output: not marked as handed over; dump it to a file or folder to mark it")
                }
                continue
            }
            if case .file(let path) = plan.destination(for: ride) {
                toMark.append(Written(id: ride.id, folder: FilePath.parent(path), wasMarked: ride.dumpedUTCms != nil))
            }
        }
        if plan.rides.isEmpty && unreadable.isEmpty && plan.refused.isEmpty { Console.error(plan.nothingLeftWords(reader.path)) }
        // One count of the rides, in the first of the last words; the others only name theirs.
        let alsoCounted = !unreadable.isEmpty || plan.rowsLost != nil || !notWritten.isEmpty
        let refusal = plan.refusedWords(written: written, counted: !alsoCounted)
        guard unreadable.isEmpty, plan.rowsLost == nil else {
            throw CLIError(description: damagedWords(reader.path, unreadable: unreadable, notWritten: notWritten.map(\.id), refused: plan.refused.count,
                                                     written: written, rowsLost: plan.rowsLost)
                           + (refusal.map { "; " + $0 } ?? ""), status: ExitStatus.dataError)
        }
        mark(onStorage(toMark), in: reader.path)
        if let first = notWritten.first {
            let ids = notWritten.map { String($0.id) }.joined(separator: ", ")
            let total = written + notWritten.count + plan.refused.count
            throw CLIError(description: "\(first.failure) (ride\(notWritten.count == 1 ? "" : "s") \(ids) not written; \(written) of \(total) rides written"
                           + ")" + (refusal.map { "; " + $0 } ?? ""),
                           status: ExitStatus.of(first.failure))
        }
        if let refusal { throw CLIError(description: refusal, status: ExitStatus.failure) }
    }

    /// What a dump from a damaged database wrote and left out; nothing is marked, so the file is not written to.
    static func damagedWords(_ path: String, unreadable: [Int64], notWritten: [Int64] = [], refused: Int = 0, written: Int,
                             rowsLost: String?) -> String {
        let names = unreadable.map(String.init).joined(separator: ", ")
        let list = rowsLost.map { "its list of rides cannot be read (\($0)), the rides were found from their fixes; " } ?? ""
        let unwritten = notWritten.isEmpty ? ""
            : "ride\(notWritten.count == 1 ? "" : "s") \(notWritten.map(String.init).joined(separator: ", ")) could not be written (said above); "
        let total = written + unreadable.count + notWritten.count + refused
        let left = unreadable.isEmpty ? "\(unwritten)\(written) of \(total) written whole"
            : "ride\(unreadable.count == 1 ? "" : "s") \(names) could not be read completely and \(unreadable.count == 1 ? "was" : "were") "
                + "left out; \(unwritten)\(written) of \(total) written whole"
        return "\(FilePath.shown(path)) is damaged: \(list)\(left). Nothing was marked as dumped: the damaged file "
            + "is not written to ('roam-board check' lists what it still holds)"
    }

    /// Said once before the files of rides whose rows were lost with the list of rides.
    static func lostListWords(_ rides: [RideRow], why: String) -> String {
        let one = rides.count == 1
        return "the list of rides cannot be read (\(why)): ride\(one ? "" : "s") \(rides.map { String($0.id) }.joined(separator: ", ")) "
            + "\(one ? "was" : "were") found from \(one ? "its" : "their") fixes and events; lost with the list, for each ride: " + RideRescue.lostWithTheList
    }

    /// A ride's file, whole under its name in `folder`; `wasMarked`: handed over before.
    struct Written { var id: Int64; var folder: String; var wasMarked: Bool }

    /// The rides whose files survive a power cut. A folder in RAM (`VolatileStorage`: /tmp on Raspberry
    /// Pi OS trixie is tmpfs, /dev/shm, the overlay root) loses them at power-off: marked, the rides
    /// would leave --not-dumped and `prune --dumped-before` could delete their only copy. Said once per folder.
    static func onStorage(_ written: [Written]) -> [Int64] {
        var lasting: [Int64] = []
        for folder in Set(written.map(\.folder)).sorted() {
            let here = written.filter { $0.folder == folder }
            let why: String
            do {
                guard let storage = try FolderStorage.volatility(of: folder) else {
                    lasting += here.map(\.id)
                    continue
                }
                why = "\(FilePath.shown(folder)) is \(storage.words), so a power cut loses the files"
            } catch {
                why = "cannot tell whether \(FilePath.shown(folder)) is in RAM (\(error.reason))"
            }
            let unmarked = here.filter { !$0.wasMarked }.map { String($0.id) }
            guard !unmarked.isEmpty else { continue }
            Console.error("ride\(unmarked.count == 1 ? "" : "s") \(unmarked.joined(separator: ", ")) written but not marked as handed over: \(why); "
                          + "'dump --not-dumped' offers \(unmarked.count == 1 ? "it" : "them") again. Dump into a folder on the SD card "
                          + "or a disk (such as /var/tmp/rides/) to mark \(unmarked.count == 1 ? "it" : "them")")
        }
        return lasting
    }

    /// The ride's row, span and fixes read in one snapshot, then written where the plan says: a
    /// recorder's commit after the plan would otherwise give the file's totals, and the count of
    /// fixes set aside said for a ride still recording, fixes the file does not hold.
    static func exportOne(_ planned: RideRow, provenance: ImportProvenance?, plan: DumpPlan, raw: Bool, reader: RideReader,
                          force: Bool) throws -> (ride: RideRow, fixes: Int?) {
        try reader.inOneSnapshot {
            // A ride whose row was lost stands in with what its fixes hold (`RideRescue.standInRow`).
            let ride = plan.standIns.contains(planned.id) ? planned : try reader.ride(id: planned.id) ?? planned
            let summary = try RideExport.summary(ride, span: try reader.span(ride.id), provenance: provenance)
            return (ride, try write(ride, summary, plan: plan, raw: raw, reader: reader, force: force))
        }
    }

    /// Writes one ride where the plan says; returns the fixes written, nil when its file already held it.
    private static func write(_ ride: RideRow, _ summary: RideSummary, plan: DumpPlan, raw: Bool, reader: RideReader,
                              force: Bool) throws -> Int? {
        let format = plan.format
        var fixes = 0, timeBack = 0
        switch plan.destination(for: ride) {
        case .standardOutput:
            if format.isBinary {
                var sink = try SpooledStandardOutputSink()
                (sink, fixes, timeBack) = try RideExport.export(format, summary, raw: raw, reader: reader, into: sink)
                try sink.finish()
            } else {
                var sink: StandardOutputSink
                (sink, fixes) = try RideExport.exportText(format, summary, raw: raw, reader: reader, into: StandardOutputSink())
                try sink.flush()
            }
        case .file(let path) where plan.inPlace.contains(ride.id):
            // Left by a dump cut before its mark, its bytes may be in memory only: on the card, name
            // and all, before the ride is marked, or a power cut could leave a marked ride with no file.
            do {
                try DurableFile.sync(path)
                try DurableFile.syncFolder(containing: path)
            } catch { throw OutputFailure.system(error) }
            Console.error("ride \(ride.id): \(FilePath.shown(path)) already holds it, byte for byte: left as it is")
            print(FilePath.shown(path))
            return nil
        case .file(let path):
            var sink = try AtomicFileSink(path: path, overwrite: force)
            do {
                (sink, fixes, timeBack) = try RideExport.export(format, summary, raw: raw, reader: reader, into: sink)
                try sink.commit()
            } catch {
                sink.abandon()
                throw error
            }
            if let mode = sink.replacedReadOnly { Console.error(OutputTarget.replacedReadOnly(path, mode: mode, command: "dump")) }
            print(FilePath.shown(path))
        }
        // Once the file is whole: a FIT file cannot hold a fix whose time went back, and says nothing of it itself.
        if timeBack > 0 { Console.error(FITTimeBack.line(rideID: ride.id, timeBack)) }
        return fixes
    }

    /// The first handed-over time stays (prune counts from it). Each ride's file is complete
    /// whatever happens here, so a mark that cannot be written is a warning, not a failure.
    private static func mark(_ ids: [Int64], in path: String) {
        var ledger: DumpLedger?
        for id in ids {
            do {
                // The files are written: waiting for a recorder's commit or checkpoint costs nothing,
                // and a loaded card may take seconds.
                if ledger == nil { ledger = try DumpLedger(path: path, busyTimeoutMs: 30_000) }
                if try ledger!.markDumped(id: id, dumpedUTCms: WallClock.nowUTCms(), keepingEarlier: true) == .unfinishedImport {
                    Console.error("ride \(id) was dumped, but not marked as dumped: only part of its imported file is stored. "
                                  + "Import the file again to finish it, then dump it again")
                }
            } catch {
                Console.error("warning: ride \(id) was dumped completely, but could not be marked as dumped in \(FilePath.shown(path)): "
                              + "\(ErrorText.describe(error)). 'dump --not-dumped' will offer it again; nothing is lost")
            }
        }
    }

    /// Runs `body`; nil when SQLite found a damaged page (the ride is named and left out, the dump goes on).
    static func readable<T>(_ body: () throws -> T) throws -> T? {
        do {
            return try body()
        } catch let e as SQLiteError where e.isCorrupt {
            return nil
        }
    }
}
