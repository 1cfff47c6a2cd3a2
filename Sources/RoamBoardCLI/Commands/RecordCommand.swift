import RoamCore
import RoamExport
import RoamHardware
import RoamRecorder
import RoamRig
import RoamSimulator
import RoamStore
import RoamSystem

/// `roam-board record --board DIR`: the recorder. On the bench board it plays the simulated ride
/// (or `--replay FILE`) through the real recorder and exits when the scripted stop press is committed.
enum RecordCommand {
    /// A start refused for good (board.conf, a newer database) exits with its own status (`RefusedForGood`).
    static func run(_ p: ParsedArguments) throws {
        try RefusedForGood.judgingStart(unit: "roam-board", board: try p.value(Options.board)) { try record(p) }
    }

    private static func record(_ p: ParsedArguments) throws {
        let (profile, boardDir) = try BoardLoader.load(try p.value(Options.board))
        let dataDir = BoardLoader.dataDir(profile, boardDir: boardDir)
        let db = try p.value(SharedOptions.db)
        let dbPath = db ?? FilePath.join(dataDir, BoardLoader.databaseName)
        try BoardLoader.refuseFolder(dbPath, board: db == nil ? boardDir : nil)
        if !profile.isBench && (p.isGiven(Options.replay) || p.value(Options.realtime) || p.isGiven(Options.commitInterval)
                                || p.value(Options.noRide) || p.value(Options.unplugAtEnd)) {
            throw UsageError(command: "record", message: "--replay, --realtime, --commit-interval, --no-ride and --unplug-at-end apply to the bench board only")
        }
        var options = Recorder.Options()
        options.commit.commitIntervalS = try commitInterval(p, profile: profile)
        // Read and judged before anything is created: a bad file leaves no ride row behind.
        if p.isGiven(Options.ride) && !p.isGiven(Options.replay) {
            throw UsageError(command: "record", message: "--ride names the ride of a database given with --replay DB")
        }
        let ride = try p.value(Options.ride)
        let replay = try p.value(Options.replay).map { path in try commandLineError { try ReplaySource.open(path, ride: ride, startsRide: !p.value(Options.noRide)) } }
        if let barred = CLIError.barred(dbPath, command: "record") { throw barred }
        if let why = ServiceStateDirectory.refusal(dataFolder: FilePath.parent(BoardLoader.absolute(dbPath)), unit: "roam-board") {
            throw RefusedForGood(cause: .boardConf, reason: "cannot record: \(why)", unit: RefusedForGood.unitUnderSystemd("roam-board"))
        }
        try prepareDirectory(for: dbPath, createsIt: profile.isBench)
        try refuseOrWarnOfRAM(FilePath.parent(BoardLoader.absolute(dbPath)), profile: profile)
        // Before any device or press: a database it may not write would take no ride (SQLite opens it read-only).
        if let why = RecorderFiles.unwritable(database: BoardLoader.absolute(dbPath)) {
            throw CLIError(description: "cannot record: \(why)", status: ExitStatus.noPermission)
        }
        replay?.apply(to: &options)
        let units = UnitFormatter(try p.value(SharedOptions.units) ?? profile.units ?? .metric)
        let progress = ProgressPrinter(acks: p.value(Options.acks), quiet: p.value(Options.quiet), units: units)
        // The bench board plays a replay, or the simulated ride; a real board records until stopped.
        let realtime = p.value(Options.realtime)
        let script: () -> SimulatedRig.Script = { replay.map { $0.script(realtime: realtime) } ?? .simulatedRide(RideSimulation(), realtime: realtime) }
        let end: BoardSession.End
        do {
            end = try BoardSession.record(databasePath: dbPath, profile: profile, options: options, script: script,
                                          pressesButton: !p.value(Options.noRide),
                                          unplugsAtEnd: p.value(Options.unplugAtEnd), emit: { progress.handle($0) }, report: { Console.error($0) })
        } catch var held as RecorderLock.Held {
            // Under systemd the unit is this recorder: the other one is a rider's, stopped as a process.
            let underUnit = RefusedForGood.unitUnderSystemd("roam-board") != nil
            held.stopAdvice = InstalledBoard.stopAdvice(pid: held.holderPID, boardFolder: underUnit ? nil : boardDir)
            throw held
        } catch let timedOut as BenchStepTimedOut {
            throw CLIError(description: "\(timedOut); " + stored(progress.recordingRide, replay: replay != nil), status: ExitStatus.tempFailure)
        }
        if case .signal(let signal) = end {
            // Storage failing to the end: what it never took was named above and is carried to the next start.
            if let failure = progress.lastFailure {
                throw CLIError(description: "stopped by signal \(signal) while storage was failing (\(failure)); what could not be "
                               + "committed is kept in the status file and recorded as lost at the next start", status: ExitStatus.ioError)
            }
            let stopped = "stopped by signal \(signal); everything read is committed"
            guard replay != nil else {
                // Stopping is how a recorder ends (systemctl stop, Ctrl-C): 0, and its ride goes on.
                Console.error("roam-board record: " + stopped + (progress.recordingRide.map { "; ride \($0) goes on at the next start, after a gap" } ?? ""))
                return
            }
            // A replay cut short did not do what it was asked: the shell's status for a signal's stop
            // (130 for Ctrl-C). Its ride is not resumed as a board's is (`ReplaySource.recorded`).
            throw CLIError(description: stopped + (progress.recordingRide.map { "; ride \($0) is left interrupted: \(InterruptedReplay.closedBy)" } ?? ""),
                           status: ExitStatus.stoppedBySignal(signal))
        }
        progress.finish()
        if let failure = progress.lastFailure {
            throw CLIError(description: "storage failed and parked data could not be committed before exit: \(failure)", status: ExitStatus.ioError)
        }
        print("database: \(FilePath.shown(dbPath))")
    }

    /// What a bench script that gave up left in the database (everything read is committed at the stop).
    private static func stored(_ ride: Int64?, replay: Bool) -> String {
        guard let ride else { return "no ride is left recording; everything read is committed" }
        // A replay's ride is not resumed as a board's is (`ReplaySource.recorded`); the simulated ride is.
        let next = replay ? "is left interrupted: \(InterruptedReplay.closedBy)" : "is left recording: the next record resumes it"
        return "ride \(ride) holds what was read until then and " + next
    }

    /// A replay refused before any ride exists, in the command line's words and exit statuses.
    private static func commandLineError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let refused as ReplaySourceError {
            switch refused.kind {
            case .usage: throw UsageError(command: "record", message: refused.description)
            case .badData: throw CLIError(description: refused.description, status: ExitStatus.dataError)
            case .unreadable: throw CLIError(description: refused.description, status: ExitStatus.noInput)
            }
        }
    }

    /// The board's commit cadence, or the bench's `--commit-interval`. A bench replay faster than
    /// real time commits whatever is queued: a second of the wall clock is many seconds of its ride.
    private static func commitInterval(_ p: ParsedArguments, profile: BoardProfile) throws -> Double {
        if let seconds = try p.value(Options.commitInterval) {
            guard seconds.isFinite, (0...5).contains(seconds) else {
                let text = p.text(Options.commitInterval) ?? ""
                throw UsageError(command: "record", message: "--commit-interval expects \(Options.commitInterval.expectation), found '\(text)'")
            }
            return seconds
        }
        return profile.isBench && !p.value(Options.realtime) ? 0 : profile.commitIntervalS
    }

    /// A data directory in RAM loses every ride at power-off (`VolatileDataRule`): refused, or said once at start (warned of; on the bench, noted).
    private static func refuseOrWarnOfRAM(_ dir: String, profile: BoardProfile) throws {
        let storage: VolatileStorage?
        do { storage = try FolderStorage.volatility(of: dir) } catch where error.isOverlayUnread {
            // Unknown is not refused (P2: a ride is never dropped for a doubt), but said once, as RAM is.
            Console.error("roam-board record: warning: whether the data directory \(FilePath.shown(dir)) is in RAM is unknown: it is "
                          + error.overlayWords + " If it is in RAM, every ride written here is lost at power-off.")
            return
        } catch {
            throw CLIError(description: "cannot record into the data directory \(FilePath.shown(dir)): \(error.reason)", status: ExitStatus.ioError)
        }
        switch VolatileDataRule.verdict(storage, folder: FilePath.shown(dir), isBench: profile.isBench) {
        case .record: return
        case .warn(let sentence): Console.error("roam-board record: warning: " + sentence)
        case .note(let sentence): Console.error("roam-board record: note: " + sentence)
        // Until board.conf's data_dir or the kernel command line changes (then a reboot, which starts
        // it too): refused for good, not tried again every 5 s.
        case .refuse(let sentence):
            throw RefusedForGood(cause: .boardConf, reason: "cannot record: " + sentence, unit: RefusedForGood.unitUnderSystemd("roam-board"))
        }
    }

    /// One rule with `selftest`: the bench's data directory is created on first use; a real
    /// board's must exist (made for the recorder's user, or by the unit's StateDirectory=), and
    /// `record` refuses a missing one with the words `selftest` reports it in.
    private static func prepareDirectory(for dbPath: String, createsIt: Bool) throws {
        let dir = FilePath.parent(BoardLoader.absolute(dbPath))
        if !createsIt {
            // Behind a folder this user may not search, it may be there: said as that, not as missing.
            let kind: FileSystem.Kind?
            do { kind = try FileSystem.kind(dir) } catch {
                throw CLIError(description: "cannot record into the data directory \(FilePath.shown(dir)): \(error.reason)", status: ExitStatus.ioError)
            }
            guard kind == .folder else {
                throw CLIError(description: "no data directory \(FilePath.shown(dir)). Create it for the recorder's user "
                               + "(install -d -o roam -m 0750 \(FilePath.shown(dir))), or let the unit's StateDirectory= create it.",
                               status: ExitStatus.ioError)
            }
            return
        }
        do {
            try FileSystem.makeFolders(dir)
        } catch {
            throw CLIError(description: "cannot create the data directory \(FilePath.shown(dir)): check that its parent exists and is writable",
                           status: ExitStatus.ioError)
        }
    }
}
