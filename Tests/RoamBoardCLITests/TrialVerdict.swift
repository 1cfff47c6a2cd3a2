import Foundation
import Glibc
import RoamCore
import RoamStore
import Testing

/// What every trial asserts at the end, and the small tools the trials share.
enum TrialVerdict {
    /// The simulated bench ride has one epoch per second: this many fixes when nothing is lost.
    static var benchRideFixes: Int64 { 2191 }

    /// Runs roam-board to completion and returns its exit status and output.
    static func roamBoard(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let child = try TrialChild(TrialPaths.binary, arguments)
        let status = child.finish()
        return (status, child.stdoutLines.joined(separator: "\n"), child.stderrLines.joined(separator: "\n"))
    }

    static func record(_ db: String, holdFile: URL? = nil, launcher: [String] = []) throws -> TrialChild {
        let args = ["record", "--board", "Boards/bench", "--db", db, "--acks", "--quiet"]
        let env = holdFile.map { ["ROAM_BENCH_HOLD_FILE": $0.path] } ?? [:]
        if launcher.isEmpty { return try TrialChild(TrialPaths.binary, args, environment: env) }
        return try TrialChild(URL(fileURLWithPath: launcher[0]), Array(launcher.dropFirst()) + [TrialPaths.binary.path] + args,
                              environment: env)
    }

    /// Moves the bench's hold (written atomically, as `SimulatedRideHold` expects); nil lets the ride run to its end.
    static func hold(_ file: URL, beforeSecond second: Int?) throws {
        guard let second else { try FileManager.default.removeItem(at: file); return }
        let temporary = file.appendingPathExtension("new")
        try Data("\(second)\n".utf8).write(to: temporary)
        guard rename(temporary.path, file.path) == 0 else { throw TrialSetupError(message: "rename to \(file.path): errno \(errno)") }
    }

    /// Polls `roam-board status` (a separate process, like a rider's) until `predicate` holds for its output.
    static func status(_ db: String, until predicate: (String) -> Bool) throws -> String {
        let deadline = Date(timeIntervalSinceNow: 120)
        while true {
            let result = try roamBoard(["status", "--db", db])
            if result.status == 0, predicate(result.out) { return result.out }
            guard Date() < deadline else { return result.out + result.err }
            usleep(100_000)
        }
    }

    /// The end of every trial: `check` passes, the one ride holds every fix of the bench ride once
    /// and in order (nothing acknowledged or parked is missing), and every acknowledged batch is there.
    static func assertComplete(_ db: String, acks: [TrialAck], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try roamBoard(["check", "--db", db])
        #expect(check.status == 0, "check failed:\n\(check.out)\n\(check.err)", sourceLocation: sourceLocation)
        let reader = try RideReader(path: db)
        let rides = try reader.rides()
        #expect(rides.count == 1, sourceLocation: sourceLocation)
        let ride = try #require(rides.first, "no ride in \(db)", sourceLocation: sourceLocation)
        #expect(ride.state == .stopped, sourceLocation: sourceLocation)
        var seqs: [Int64] = []
        try reader.forEachFix(ride: ride.id) { seqs.append($0.seq) }
        #expect(seqs == Array(0..<benchRideFixes), "fixes \(seqs.count), expected \(benchRideFixes)", sourceLocation: sourceLocation)
        let stored = Set(seqs)
        let lost = acks.filter { $0.ride != ride.id || !$0.seqs.allSatisfy(stored.contains) }
        #expect(lost.isEmpty, "acknowledged batches missing: \(lost.prefix(5))", sourceLocation: sourceLocation)
    }
}
