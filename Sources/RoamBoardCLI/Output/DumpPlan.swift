import Foundation
import RoamCore
import RoamExport
import RoamStore

/// Which rides `dump` hands over and where each one goes, decided before anything is written:
/// a usage mistake or an existing file stops the dump before its first byte.
struct DumpPlan {
    enum Destination: Equatable { case standardOutput, file(String) }
    private enum Output { case standardOutput, file(String), directory(String) }

    let rides: [RideRow]
    let format: ExportFormat
    /// Each ride's start and end, as every command shows them (`RideReader.span`).
    let spans: [Int64: RideSpan]
    private let output: Output

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
        if let id = try p.value(Options.ride) {
            guard let ride = try reader.ride(id: id) else {
                throw CLIError(description: "no ride \(id) in \(reader.path) (see 'roam-board rides')")
            }
            rides = [ride]
        } else if p.value(Options.all) {
            rides = try reader.rides()
        } else {
            let all = try reader.rides()
            // A recording ride is handed over once it stops; dumping it now would mark half a ride.
            for r in all where r.state == .recording && r.dumpedUTCms == nil {
                Console.error("ride \(r.id) is still recording: skipped until it stops")
            }
            rides = all.filter { $0.dumpedUTCms == nil && $0.state == .stopped }
        }

        var spans: [Int64: RideSpan] = [:]
        for ride in rides { spans[ride.id] = try reader.span(ride.id) }
        self.spans = spans

        switch try OutputTarget.resolve(p.value(Options.out), extension: format.fileExtension, command: "dump") {
        case .file(let path):
            guard p.isGiven(Options.ride) else {
                throw UsageError(command: "dump", message: "--out \(path) names one file; with --all or --not-dumped give a folder")
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
        if !p.value(Options.force) {
            let existing = rides.compactMap { ride -> String? in
                guard case .file(let path) = destination(for: ride), access(path, F_OK) == 0 else { return nil }
                return path
            }
            if !existing.isEmpty {
                throw CLIError(description: "\(existing.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : ""); "
                               + "pass --force to overwrite", status: ExitStatus.failure)
            }
        }
    }

    func destination(for ride: RideRow) -> Destination {
        switch output {
        case .standardOutput: return .standardOutput
        case .file(let path): return .file(path)
        case .directory(let dir):
            let name = RideFileName.name(rideID: ride.id, startedUTCms: spans[ride.id]?.startUTCms, format: format, time: time)
            return .file(OutputTarget.path(in: dir, name: name))
        }
    }
}
