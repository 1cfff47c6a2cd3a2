import Glibc
import RoamCore
import RoamExport
import RoamHandover
import RoamStore
import RoamSystem

/// Which rides `dump` hands over and where each one goes, decided before anything is written:
/// a usage mistake or an existing file that differs stops the dump before its first byte. A file
/// already holding exactly the ride's bytes (a dump completed just before a power cut, before its
/// mark) is left as it is and the ride is marked: dumping twice is the same as dumping once.
struct DumpPlan {
    enum Destination: Equatable { case standardOutput, file(String) }
    private enum Output { case standardOutput, file(String), directory(String) }

    private(set) var rides: [RideRow]
    /// Rides selected but not readable on a damaged database (their span already ran into the damage).
    private(set) var unreadable: [Int64] = []
    /// Why the list of rides could not be read, when `rides` stand in for rows lost with it: found from
    /// their fixes and events (`RideRescue.rows`); nil when the list was read.
    private(set) var rowsLost: String? = nil
    /// The rides whose own rows were lost with the list: each one's row stands in (`RideRescue.standInRow`).
    private(set) var standIns: Set<Int64> = []
    /// A ride not written because a file with other contents is at its name (no --force).
    struct Refused { var id: Int64; var path: String }
    /// Left out, the others handed over all the same: said at the end, exit 1.
    private(set) var refused: [Refused] = []
    /// With --not-dumped, the rides left out because they were handed over before (`nothingLeftWords`).
    private(set) var handedOver: [RideRow] = []
    let format: ExportFormat
    /// Each ride's start and end, as every command shows them (`RideReader.span`).
    let spans: [Int64: RideSpan]
    private let output: Output
    /// Rides whose file is already in place with the same bytes: not written again, only marked.
    private(set) var inPlace: Set<Int64> = []

    /// The zone of the file names (the board's, else UTC).
    let time: LocalTime

    init(_ p: ParsedArguments, format: ExportFormat, reader: RideReader, time: LocalTime = LocalTime(zone: nil)) throws {
        self.format = format
        self.time = time
        typealias Options = DumpCommand.Options
        let chosen = [Options.ride.spec, Options.all.spec, Options.notDumped.spec].filter { p.isGiven($0) }.map(\.name)
        guard chosen.count == 1 else {
            let message = chosen.isEmpty ? "say which rides: --ride N, --all or --not-dumped"
                : "\(chosen.joined(separator: " and ")) exclude each other: give one"
            throw UsageError(command: "dump", message: message)
        }
        var selected: [RideRow]
        var unreadable: [Int64] = []
        if let id = try p.value(Options.ride) {
            var ride: RideRow?
            do { ride = try reader.ride(id: id) } catch {
                // The list of rides cannot be read: the ride from its fixes, or its list's error again.
                let found = try RideRescue.rows(reader)
                (ride, rowsLost, standIns) = (found.rows.first { $0.id == id }, found.lost, found.standIns.filter { $0 == id })
                unreadable = found.unreadable.filter { $0 == id }
            }
            guard ride != nil || !unreadable.isEmpty else {
                throw CLIError(description: "no ride \(id) in \(FilePath.shown(reader.path)) (see 'roam-board rides')")
            }
            selected = ride.map { [$0] } ?? []
        } else if p.value(Options.all) {
            (selected, rowsLost, standIns, unreadable) = try RideRescue.rows(reader)
        } else {
            let all: [RideRow]
            (all, rowsLost, standIns, unreadable) = try RideRescue.rows(reader)
            if rowsLost != nil {
                // No row says which rides were handed over: every ride found goes, as with --all.
                Console.error("which rides were handed over before was lost with the list of rides: every ride found is dumped")
                selected = all
            } else {
                selected = try Self.notDumped(all, reader: reader)
                handedOver = all.filter { $0.dumpedUTCms != nil }
            }
        }

        // On a damaged database a ride whose pages are damaged is left out and named; the others go.
        var spans: [Int64: RideSpan] = [:]
        for ride in selected {
            do { spans[ride.id] = try reader.span(ride.id) } catch let e as SQLiteError where e.isCorrupt { unreadable.append(ride.id) }
        }
        rides = selected.filter { !unreadable.contains($0.id) }
        self.spans = spans
        self.unreadable = unreadable

        switch try OutputTarget.resolve(p.value(Options.out), extension: format.fileExtension, command: "dump") {
        case .file(let path):
            guard p.isGiven(Options.ride) else {
                throw UsageError(command: "dump", message: "--out \(FilePath.shown(path)) names one file; with --all or --not-dumped give a folder")
            }
            try OutputTarget.createParent(of: path)
            output = .file(path)
        case .folder(let dir):
            try OutputTarget.createFolder(dir)
            output = .directory(dir)
        case .standardOutput:
            guard rides.count <= 1 else {
                throw UsageError(command: "dump", message: "\(rides.count) rides selected: standard output takes one; use --out DIR for one file per ride")
            }
            if format.isBinary, !rides.isEmpty {
                try OutputTarget.refuseBinaryOnTerminal("FIT", command: "dump", example: "ride.fit")
            }
            output = .standardOutput
        }
        // A named pipe at a ride's name would hold the comparison below in open() for good; a folder
        // or a device there cannot take the file either: said before anything is opened, forced or not.
        for ride in rides {
            if case .file(let path) = destination(for: ride) { try OutputFile.refuseNonFile(path) }
        }
        if !p.value(Options.force) {
            for ride in rides {
                guard case .file(let path) = destination(for: ride), access(path, F_OK) == 0 else { continue }
                let span = spans[ride.id] ?? RideSpan(startUTCms: nil, endUTCms: nil)
                guard let same = try DumpCommand.readable({ try Self.holds(path, ride, span: span, format: format,
                                                                           raw: p.value(Options.raw), reader: reader) }) else { continue }
                if same {
                    inPlace.insert(ride.id)
                } else {
                    refused.append(Refused(id: ride.id, path: path))
                }
            }
            // One file in the way keeps its ride back, not the others.
            rides.removeAll { ride in refused.contains { $0.id == ride.id } }
        }
    }

    /// The last words of a dump that left rides out for files in their way; nil when none was.
    /// `counted`: false where the words follow another count of the same dump (said once, there).
    func refusedWords(written: Int, counted: Bool = true) -> String? {
        guard !refused.isEmpty else { return nil }
        let one = refused.count == 1
        return "ride\(one ? "" : "s") \(refused.map { String($0.id) }.joined(separator: ", ")) not written: "
            + "\(refused.map { FilePath.shown($0.path) }.joined(separator: ", ")) already exist\(one ? "s" : "") with other contents; "
            + "pass --force to overwrite \(one ? "it" : "them"), or move \(one ? "it" : "them") away" + (counted ? " (\(written) of \(written + refused.count) rides written)" : "")
    }

    /// Why nothing was dumped, in `path`: "no ride to dump in …", and when rides were handed over
    /// before, how many and the last one, with what dumps them again.
    func nothingLeftWords(_ path: String) -> String {
        let words = "no ride to dump in \(FilePath.shown(path))"
        guard let last = handedOver.max(by: { ($0.dumpedUTCms ?? 0, $0.id) < ($1.dumpedUTCms ?? 0, $1.id) }),
              let when = last.dumpedUTCms else { return words }
        let date = time.iso8601(utcMs: when).prefix(10)
        let which = handedOver.count == 1 ? "ride \(last.id), on \(date)" : "the last, ride \(last.id), on \(date)"
        return words + ": \(Plural.count(handedOver.count, "ride")) already handed over (\(which)): use --ride N or --all to dump again"
    }

    /// The rides `--not-dumped` hands over: stopped, never handed over, and each one skipped said.
    private static func notDumped(_ all: [RideRow], reader: RideReader) throws -> [RideRow] {
        let running = RidesCommand.recorderRunning(database: reader.path)
        // A recording ride is handed over once it stops; dumping it now would mark half a ride.
        for r in all where r.state == .recording && r.dumpedUTCms == nil {
            Console.error(InterruptedReplay.left(r, recorderRunning: running)
                          ? "ride \(r.id) was left interrupted by a replay: skipped until it is closed (\(InterruptedReplay.closedBy))"
                          : "ride \(r.id) is still recording: skipped until it stops")
        }
        // Nor is an import cut before its end handed over: only part of its file is stored.
        let unfinished = try reader.unfinishedImports()
        for r in all where r.dumpedUTCms == nil && unfinished.contains(r.id) {
            Console.error("ride \(r.id): only part of its imported file is stored: skipped until the file is imported again")
        }
        return all.filter { $0.dumpedUTCms == nil && $0.state == .stopped && !unfinished.contains($0.id) }
    }

    /// Whether the file at `path` holds the ride's export byte for byte, compared as the export
    /// streams (`FileComparingSink`): neither the export nor the file is held whole.
    private static func holds(_ path: String, _ ride: RideRow, span: RideSpan, format: ExportFormat, raw: Bool,
                              reader: RideReader) throws -> Bool {
        guard var sink = FileComparingSink(path: path) else { return false }
        let summary = try RideExport.summary(ride, span: span, provenance: reader.provenance(ride: ride.id))
        do {
            (sink, _, _) = try RideExport.export(format, summary, raw: raw, reader: reader, into: sink)
        } catch is FileComparingSink.Differs {
            return false
        }
        return sink.matches
    }

    func destination(for ride: RideRow) -> Destination {
        switch output {
        case .standardOutput: return .standardOutput
        case .file(let path): return .file(path)
        case .directory(let dir):
            let name = RideFileName.name(rideID: ride.id, startedUTCms: spans[ride.id]?.startUTCms, format: format, time: time)
            return .file(OutputFile.path(in: dir, name: name))
        }
    }
}
