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
    /// Each ride's start: the ride row's, else its first fix's UTC time (see `RideReader.firstFixUTCms`).
    let startUTCms: [Int64: Int64]
    private let output: Output

    static func format(_ p: ParsedArguments) throws -> ExportFormat {
        guard let text = p.value("--format"), let format = ExportFormat(rawValue: text) else {
            throw UsageError(command: "dump", message: "missing --format (one of: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return format
    }

    init(_ p: ParsedArguments, format: ExportFormat, reader: RideReader) throws {
        self.format = format
        let chosen = ["--ride", "--all", "--not-dumped"].filter { p.value($0) != nil || p.has($0) }
        guard chosen.count == 1 else {
            let message = chosen.isEmpty ? "say which rides: --ride N, --all or --not-dumped"
                : "\(chosen.joined(separator: " and ")) exclude each other: give one"
            throw UsageError(command: "dump", message: message)
        }
        if let id = try p.integer("--ride") {
            guard let ride = try reader.ride(id: Int64(id)) else {
                throw CLIError(description: "no ride \(id) in \(reader.path) (see 'roam-board rides')")
            }
            rides = [ride]
        } else if p.has("--all") {
            rides = try reader.rides()
        } else {
            let all = try reader.rides()
            // A recording ride is handed over once it stops; dumping it now would mark half a ride.
            for r in all where r.state == .recording && r.dumpedUTCms == nil {
                Console.error("ride \(r.id) is still recording: skipped until it stops")
            }
            rides = all.filter { $0.dumpedUTCms == nil && $0.state == .stopped }
        }

        var starts: [Int64: Int64] = [:]
        for ride in rides {
            if let start = try ride.startedUTCms ?? reader.firstFixUTCms(ride: ride.id) { starts[ride.id] = start }
        }
        startUTCms = starts

        if let out = p.value("--out") {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory)
            // `--out ride.gpx` names one file (one ride only); anything else is a folder.
            if !(exists && isDirectory.boolValue) && out.hasSuffix("." + format.fileExtension) {
                guard p.value("--ride") != nil else {
                    throw UsageError(command: "dump", message: "--out \(out) names one file; with --all or --not-dumped give a folder")
                }
                output = .file(out)
            } else {
                try Self.createFolder(out)
                output = .directory(out)
            }
        } else {
            guard rides.count <= 1 else {
                throw UsageError(command: "dump", message: "\(rides.count) rides selected: standard output takes one; use --out DIR for one file per ride")
            }
            output = .standardOutput
        }
        if !p.has("--force") {
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
            let name = RideFileName.name(rideID: ride.id, startedUTCms: startUTCms[ride.id], format: format)
            return .file(dir.hasSuffix("/") ? dir + name : dir + "/" + name)
        }
    }

    private static func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CLIError(description: "cannot create the output folder \(path): check that it is not a file and that its parent is writable",
                           status: ExitStatus.ioError)
        }
    }
}
