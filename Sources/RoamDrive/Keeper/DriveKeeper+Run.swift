import Glibc
import RoamPorts
import RoamStore
import RoamSystem

extension DriveKeeper {
    /// Follows the cable for as long as the drive unit runs: the controller's state through the
    /// kernel's notification (POLLPRI) on `watch`, the rides when `files` says the database changed
    /// (a commit, a checkpoint, a restore renamed over it), and both every `pollMs` as a safety net
    /// (every second without `files`: `KeeperWait`). Whatever woke it, a look reads the database's
    /// own data_version, so a change is never lost, only looked at later. An error is said once, not
    /// at every look, and tried again at the next one. Throws only what this keeper must not
    /// outlive: a newer roam-board migrated the database while it ran.
    public func run(watch: UDCStateWatch, files: FileChanges?, pollMs: Int) throws -> Never {
        let period = KeeperWait.periodMs(pollMs, watched: files != nil)
        var notified = false
        // Said once the gadget is bound to the controller: while another gadget holds it, the held
        // line alone says what happens (the drive is not on the cable yet).
        var saidOffering = false
        var lastError: String?
        var news = WatchNews()
        while true {
            let state = watch.read()
            do {
                try step(state: state, notified: notified, nowUTCms: WallClock.nowUTCms())
                lastError = nil
            } catch {
                // An upgrade restarts nothing: this keeper must not hand the newer database's rides
                // over; systemd starts the installed program in its place (65: a restart fixes it,
                // unlike a newer database found at start, 79).
                if case .schemaTooNew? = error as? StoreError {
                    say("drive: stopping: a newer roam-board changed the database while this one ran; the drive unit "
                        + "starts the installed program again (or: sudo systemctl restart roam-board-drive)")
                    throw error
                }
                let line = writer.describe(error)
                if line != lastError { say("drive: \(line)") }
                lastError = line
            }
            if !saidOffering, let udc = settings.udc, settings.gadget?.boundController == udc {
                say("drive: offering \(FilePath.shown(settings.builder.imagePath)) on \(FilePath.shown(udc))")
                saidOffering = true
            }
            // A controller that comes back (its driver loaded again) notifies nothing the keeper can
            // watch, and must be bound again: looked for every second while it is gone.
            notified = watch.wait(timeoutMs: state == nil ? min(period, KeeperWait.unwatchedPeriodMs) : period, files: files)
            if let files { news.lines(files, folder: FilePath.parent(settings.databasePath)).forEach(say) }
        }
    }

    /// A board that never recorded has no database yet: the drive waits for the first ride
    /// instead of failing and restarting every few seconds, woken by `files` when it appears (or
    /// every second without them). Only while nothing is there: a path it may not look at (EACCES
    /// on its folder, EIO) throws the look's error, which says why. A file that appeared during the
    /// wait is waited on until its schema is committed: woken at its creation, the keeper would
    /// otherwise find it empty and refuse it as a creation cut short.
    public static func waitForDatabase(_ path: String, files: FileChanges? = nil, pollMs: Int, say: (String) -> Void) throws {
        guard try FileSystem.kind(path) == nil else { return }
        say("drive: no database yet at \(FilePath.shown(path)): waiting for the first ride")
        while true {
            _ = KeeperWait.wait(state: nil, files: files, timeoutMs: KeeperWait.periodMs(pollMs, watched: files != nil))
            if try FileSystem.kind(path) != nil, try schemaCommitted(path) { return }
        }
    }

    /// Whether the database at `path` holds its schema yet (a creation under way holds none).
    private static func schemaCommitted(_ path: String) throws -> Bool {
        do {
            _ = try RideReader(path: path)
            return true
        } catch StoreError.schemaTooOld(found: 0, supported: _, path: _) {
            return false
        }
    }

    /// The files a watch on the database's folder follows: the database and its write-ahead log
    /// (a commit writes the log; a checkpoint, a restore or the first ride the database itself).
    public static func watchedNames(_ databasePath: String) -> Set<String> {
        let name = FilePath.lastComponent(databasePath)
        return [name, name + "-wal"]
    }

    /// What the keeper says of its watch on the database's files, once at each change: the folder
    /// gone (removed, renamed) or watched again, a file the kernel refused to watch (a limit reached:
    /// the words of a first set-up refused) or every one watched again.
    struct WatchNews {
        private var folderGone = false, refused = false

        mutating func lines(_ files: FileChanges, folder: String) -> [String] {
            var lines: [String] = []
            if files.isWatching == folderGone {
                folderGone.toggle()
                lines.append(DriveKeeper.folderWords(folder, gone: folderGone))
                refused = false  // the folder's return re-arms every file: a refusal then is said anew
            }
            let refusal = folderGone ? nil : files.refusal
            if (refusal != nil) != refused {
                refused.toggle()
                lines.append(refusal.map(DriveKeeper.unwatchedWords)
                             ?? "drive: every file of the database is watched again: looking at the rides when they change")
            }
            return lines
        }
    }

    /// Said when the database's folder went (removed or renamed: its watch went with it), and when it is back.
    static func folderWords(_ folder: String, gone: Bool) -> String {
        gone ? "drive: the database's folder \(FilePath.shown(folder)) was removed or renamed: looking at the rides every second until it is back"
            : "drive: the database's folder \(FilePath.shown(folder)) is back: watched for the database's changes again"
    }

    /// Said once when the database's folder cannot be watched: the keeper looks every second then.
    public static func unwatchedWords(_ error: SystemError) -> String {
        let why = switch error.errno.rawValue {
        case ENOSPC: "the user's limit on inotify watches is reached (sysctl fs.inotify.max_user_watches)"
        case EMFILE: "the user's limit on inotify instances is reached (sysctl fs.inotify.max_user_instances)"
        default: error.reason
        }
        return "drive: cannot watch \(FilePath.shown(error.subject)) for the database's changes: \(why); "
            + "looking at the rides every second instead"
    }
}
