import RoamSystem
import Glibc
import RoamCore
import RoamExport
import RoamHandover
import RoamHardware
import RoamRecorder
import RoamStore

/// `roam-board status`: the active ride and its totals, the age of the last commit, the alarm,
/// parked and lost fixes. Reads the database read-only (a WAL reader: works while the recorder
/// writes) and the recorder's status file, which stays current while the database cannot be
/// written. Either source alone is enough to report; with neither it fails.
enum StatusCommand {
    static func run(_ p: ParsedArguments) throws {
        let (dbPath, time) = try BoardLoader.target(p)
        let units = try BoardLoader.units(p)
        let statusPath = RecorderStatusFile.path(forDatabase: dbPath)
        let snapshot = try RecorderStatusFile.read(path: statusPath)
        var ride: RideRow?
        var fixCount = 0
        var databaseError: (any Error)?
        var reader: RideReader?
        do {
            let opened = try RideReader(path: dbPath)
            reader = opened
            let rides = try opened.rides()
            ride = rides.last { $0.state == .recording }
            fixCount = rides.reduce(0) { $0 + $1.totals.fixCount }
        } catch {
            databaseError = error
        }
        if let databaseError, snapshot?.status == nil {
            if FileSystem.isMissing(dbPath) { throw CLIError.missingDatabase(dbPath) }
            throw databaseError
        }

        print("database     \(FilePath.shown(dbPath))" + (databaseError.map { " (unreadable: \(ErrorText.describe($0)))" } ?? ""))
        let status = snapshot?.status
        print("recorder     " + recorderLine(snapshot))
        print("alarm        " + alarmLine(status, running: snapshot?.isRecorderRunning ?? false))
        if let ride {
            let t = ride.totals
            let state = RidesCommand.stateText(ride, recorderRunning: snapshot?.isRecorderRunning ?? false)
            print("ride         \(ride.id) \(state): \(DistanceText.headline(t, units: units)), \(Plural.count(t.fixCount, "fix", "fixes")), "
                  + "moving \(ClockDuration.text(seconds: t.movingS)), \(Plural.count(t.gapCount, "gap"))")
        } else if databaseError == nil {
            print("ride         none recording")
        } else if let id = status?.rideID {
            print("ride         \(id) (from the status file; totals need the database)")
        }
        print("last commit  " + lastCommitLine(ride: ride, status: status, time: time))
        if let status { print("receiver     " + receiverLine(status, running: snapshot?.isRecorderRunning ?? false, time: time)) }
        if let status, status.parkedEpochs == 0 {
            print("parked       none: every fix taken is committed")
        } else if let status {
            let held = snapshot?.isRecorderRunning == true ? "kept in memory until storage takes them"
                : "held in memory when the recorder stopped: never committed"
            print("parked       \(Plural.count(status.parkedEpochs, "fix", "fixes")) \(held) "
                  + "(\(Plural.count(status.parkedBatches, "batch", "batches")))")
        }
        let stored = ride?.lostCount ?? 0
        let pending = snapshot?.isRecorderRunning == true ? status?.lostEpochsPending ?? 0 : 0
        print("lost         \(Plural.count(stored + pending, "fix", "fixes"))" + (pending > 0 ? " (\(pending) not recorded yet)" : ""))
        if let status, status.lostAtExitEpochs > 0 || status.lostAtExitPresses > 0 {
            print("             and \(Plural.count(status.lostAtExitEpochs, "fix", "fixes")) and \(Plural.count(status.lostAtExitPresses, "button press", "button presses")) "
                  + "storage never took before a recorder exited: recorded in the ride at the next start")
        }
        print("storage      " + storageLine(reader: reader, fixCount: fixCount))
        if let volatile = volatileLine(dbPath: dbPath) { print("             " + volatile) }
        if let readOnly = readOnlyLine(dbPath: dbPath) { print("             " + readOnly) }
        if let low = status?.storageLow, snapshot?.isRecorderRunning == true {
            // The recorder's measure, up to one look old: the free space above is this command's own.
            print("             LOW at the recorder's last look (every \(Int(LowStorageRule().checkEveryS)) s), the LED shows it: \(low)")
        }
    }

    /// Room (free space and the database's free pages) and how many hours of riding it holds at
    /// this database's own cost per fix: the recorder's estimate (`StorageEstimate`).
    private static func storageLine(reader: RideReader?, fixCount: Int) -> String {
        guard let reader else { return "unknown: the database cannot be read" }
        let estimate: StorageEstimate
        do { estimate = try reader.storageEstimate(fixCount: fixCount) } catch { return "unknown: \(ErrorText.describe(error))" }
        let free = estimate.roomText
        guard let at1 = estimate.hoursOfRiding(rateHz: 1), let at10 = estimate.hoursOfRiding(rateHz: 10) else { return free }
        let cost = estimate.costIsMeasured ? "" : " at a typical \(Int(StorageEstimate.typicalBytesPerFix)) B per fix "
            + "(this database's own cost is used from \(StorageEstimate.minFixesToMeasure) fixes on)"
        return free + ", about \(FixedPoint.format(at1, digits: 0)) h of riding at 1 Hz (\(FixedPoint.format(at10, digits: 0)) h at 10 Hz)" + cost
    }

    /// A data directory in RAM (`VolatileStorage`): what power-off costs and what to do; nil when it is on a disk.
    private static func volatileLine(dbPath: String) -> String? {
        let dir = FilePath.parent(BoardLoader.absolute(dbPath))
        do {
            guard let storage = try FolderStorage.volatility(of: dir) else { return nil }
            return "VOLATILE: the data directory \(FilePath.shown(dir)) is " + storage.sentence(folder: FilePath.shown(dir))
        } catch where error.isOverlayUnread {
            return "cannot tell whether the data directory \(FilePath.shown(dir)) is in RAM: it is " + error.overlayWords
        } catch {
            return "cannot tell whether the data directory is in RAM: \(error.reason)"
        }
    }

    /// A data directory on a file system mounted read-only: the free space above is there, but
    /// nothing can use it. The kernel remounts a card so when it reports errors. nil when writable.
    private static func readOnlyLine(dbPath: String) -> String? {
        let dir = FilePath.parent(BoardLoader.absolute(dbPath))
        do {
            guard try FileSystem.isMountedReadOnly(dir) else { return nil }
            return "READ-ONLY: the data directory \(FilePath.shown(dir)) is on a file system mounted read-only: 'record' cannot store "
                + "a fix, nor can any command change the rides (reading them works). The kernel remounts an SD card read-only "
                + "when it reports errors: check 'dmesg' for the card's errors and 'findmnt -T \(FilePath.shown(dir))' for the mount; "
                + "dump the rides to another disk before anything else, and replace a failing card"
        } catch {
            return "cannot tell whether the data directory is mounted read-only: \(error.reason)"
        }
    }

    private static func recorderLine(_ snapshot: RecorderStatusFile.Snapshot?) -> String {
        guard let snapshot else { return "no status file: no recorder has run on this database" }
        guard let s = snapshot.status else { return snapshot.isRecorderRunning ? "running (status not written yet)" : "not running" }
        let updated = age(utcMs: s.updatedUTCms, monoNs: s.updatedMonoNs, of: s).map { ", status written \($0) ago" } ?? ""
        return (snapshot.isRecorderRunning ? "running (pid \(s.pid))" : "not running (last pid \(s.pid))") + updated
    }

    private static func alarmLine(_ s: RecorderStatus?, running: Bool) -> String {
        guard let alarm = s?.alarm else { return "none" }
        let since = age(utcMs: alarm.sinceUTCms, monoNs: alarm.sinceMonoNs, of: s).map { " for \($0)" } ?? ""
        return (running ? "RAISED" : "was raised when the recorder stopped") + "\(since): \(alarm.cause.words) (\(alarm.detail)); "
            + alarm.check
    }

    /// Whether the receiver was set up again mid-run (a module that lost power or its settings), the
    /// latest time and why, from the status file: the log's words, without the log.
    private static func receiverLine(_ s: RecorderStatus, running: Bool, time: LocalTime) -> String {
        let run = running ? "in this run" : "in the recorder's last run"
        guard let again = s.receiverSetupAgain else { return "not set up again \(run)" }
        let times = again.count == 1 ? "once" : Plural.count(again.count, "time")
        let ago = age(utcMs: again.utcMs, monoNs: again.monoNs, of: s).map { "\($0) ago" } ?? "in the future by the board's clock"
        let line = "set up again \(times) \(run), last \(ago) (\(time.iso8601(utcMs: again.utcMs))): \(again.cause)"
        // What setting it up again could not change, on a line of its own.
        return line + (again.delivers.map { "\n             " + $0 } ?? "")
    }

    /// The database knows the last commit best; while it cannot be read, the status file's copy.
    private static func lastCommitLine(ride: RideRow?, status: RecorderStatus?, time: LocalTime) -> String {
        if let ms = ride?.lastCommitUTCms ?? status?.lastCommitUTCms {
            // The status file's monotonic stamp, when it describes this very commit.
            let monoNs = status?.lastCommitUTCms == ms ? status?.lastCommitMonoNs : nil
            return (age(utcMs: ms, monoNs: monoNs, of: status).map { "\($0) ago" } ?? "in the future by the board's clock") + " (\(time.iso8601(utcMs: ms)))"
        }
        return "none"
    }

    /// How long ago: by the monotonic clock when the stamp was taken in this boot (a wall clock
    /// set since, say by NTP on a Pi without RTC, does not matter then), else by the wall clock.
    private static func age(utcMs: Int64, monoNs: UInt64? = nil, of status: RecorderStatus? = nil) -> String? {
        var ms = WallClock.nowUTCms() - utcMs
        if let monoNs, monoNs > 0, let status, status.bootID == RecorderStatusFile.bootID {
            let now = MonotonicClock.nowNs()
            if now >= monoNs { ms = Int64((now - monoNs) / 1_000_000) }
        }
        guard ms >= 0 else { return nil }
        return ms < 60_000 ? "\(FixedPoint.format(Double(ms) / 1000, digits: 1)) s" : ClockDuration.text(seconds: Double(ms) / 1000)
    }
}
