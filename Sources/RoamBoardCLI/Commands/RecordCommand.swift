import Foundation
import RoamBench
import RoamCore
import RoamExport
import RoamRecorder
import RoamStore

/// `roam-board record --board DIR`: the recorder. On the bench board it plays the simulated ride
/// (or `--replay FILE`) through the real recorder and exits when the scripted stop press is committed.
enum RecordCommand {
    static func run(_ p: ParsedArguments) throws {
        let (profile, boardDir) = try BoardLoader.load(p.value("--board")!)
        let dataDir = BoardLoader.dataDir(profile, boardDir: boardDir)
        let dbPath = p.value("--db") ?? dataDir.appendingPathComponent(BoardLoader.databaseName).path
        guard profile.isBench else {
            throw CLIError(description: "board '\(profile.name)': recording from real devices needs the hardware rig, which this build does not have yet",
                           status: ExitStatus.failure)
        }
        if p.value("--replay") == nil, p.has("--realtime") == false, profile.isBench == false {
            throw UsageError(command: "record", message: "--replay and --realtime apply to the bench board only")
        }
        let capture = try p.value("--replay").map(readCapture)
        try createDirectory(for: dbPath)

        // P7: open, read the active ride row, start reading the receiver, then anything slow.
        let store = try RideStore(path: dbPath)
        let active = try store.activeRide()
        let rig = try BenchRig(profile: profile)
        let progress = ProgressPrinter(acks: p.has("--acks"), quiet: p.has("--quiet"))
        let recorder = Recorder(store: store, activeRide: active, source: rig.port, barometer: rig.barometer,
                                emit: { progress.handle($0) })
        recorder.start()
        let script: BenchRig.Script = capture.map { .capture($0) }
            ?? .simulatedRide(RideSimulation(), realtime: p.has("--realtime"))
        let resumeFrom: Int? = capture == nil ? active.map { Int($0.pipelineState.nextSeq) } : nil
        do {
            try rig.play(script, recorder: recorder, resumeFromSecond: resumeFrom)
        } catch {
            recorder.stop()
            throw error
        }
        recorder.stop()
        progress.finish()
        if let failure = progress.lastFailure {
            throw CLIError(description: "storage failed and parked data could not be committed before exit: \(failure)", status: ExitStatus.ioError)
        }
        print("database: \(dbPath)")
    }

    private static func readCapture(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError(description: "cannot read capture \(path): check the path and its permissions", status: ExitStatus.usage)
        }
        return [UInt8](data)
    }

    private static func createDirectory(for dbPath: String) throws {
        let dir = URL(fileURLWithPath: dbPath).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            throw CLIError(description: "cannot create the data directory \(dir.path): check that its parent exists and is writable",
                           status: ExitStatus.ioError)
        }
    }
}
