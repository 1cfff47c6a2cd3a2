import Glibc
@testable import RoamDrive
import RoamPorts
import RoamSystem
import Testing

/// The keeper's wait: a note about a followed file ends it at once however long the safety net's
/// period; notes about other files are drained and do not. A pipe stands for the inotify descriptor.
@Suite struct KeeperWaitTests {
    final class Notes: FileChanges {
        let descriptor: Int32
        private(set) var writer: Int32
        /// What each drain answers, in turn: true for a note about a followed file.
        var answers: [Bool]
        private(set) var drains = 0
        /// Its folder gone (`isWatching` false), and whether `rewatch` finds it back; rewatches asked.
        var gone = false, back = false
        private(set) var rewatches = 0
        /// A file the kernel refused to watch at a re-arm (nil: every file watched).
        var refusal: SystemError?
        var isWatching: Bool { !gone }
        func rewatch() -> Bool {
            rewatches += 1
            if back { gone = false; refusal = nil }
            return back
        }
        init(answers: [Bool]) {
            var fds: [Int32] = [0, 0]
            pipe(&fds)
            descriptor = fds[0]; writer = fds[1]; self.answers = answers
        }
        deinit { close(descriptor); if writer >= 0 { close(writer) } }
        /// The writer gone: its reader hangs up (POLLHUP) with nothing to read.
        func hangUp() { close(writer); writer = -1 }
        func note() { var b: UInt8 = 1; _ = write(writer, &b, 1) }
        func drain() -> Bool {
            var b: UInt8 = 0
            _ = read(descriptor, &b, 1)
            drains += 1
            return answers.isEmpty ? false : answers.removeFirst()
        }
    }

    @Test(.timeLimit(.minutes(1))) func aFollowedFileEndsTheWaitAfterOtherFilesAreDropped() {
        let notes = Notes(answers: [false, true])
        // Two notes queued before the wait, one drained per wake: the image's (dropped, the wait
        // goes on), then the database's (the wait ends, long before its 10 minutes).
        notes.note()
        notes.note()
        #expect(!KeeperWait.wait(state: nil, files: notes, timeoutMs: 600_000), "a file's change is not the cable's")
        #expect(notes.drains == 2)
    }

    /// The data folder gone: the wait is as without a watch (a look every second, not at the end of the
    /// safety net's 10 minutes), and once it is back, watched again and looked at at once: what changed
    /// while it was gone was noted by nothing.
    @Test(.timeLimit(.minutes(1))) func aFolderGoneIsLookedAtEverySecondAndWatchedAgainWhenBack() {
        let notes = Notes(answers: [])
        notes.gone = true
        #expect(!KeeperWait.wait(state: nil, files: notes, timeoutMs: 600_000))
        #expect(notes.rewatches == 1 && notes.drains == 0 && !notes.isWatching)
        notes.back = true
        notes.note()  // a note queued meanwhile is left for the next wait
        #expect(!KeeperWait.wait(state: nil, files: notes, timeoutMs: 600_000))
        #expect(notes.rewatches == 2 && notes.drains == 0 && notes.isWatching)
        #expect(DriveKeeper.folderWords("/var/lib/roam-board", gone: true) == "drive: the database's folder /var/lib/roam-board was "
            + "removed or renamed: looking at the rides every second until it is back")
    }

    /// A descriptor that poll() calls invalid (POLLNVAL: the controller's state file closed under the
    /// wait) answered every call at once, and the wait spun on it to its deadline: it is left out.
    @Test(.timeLimit(.minutes(1))) func aStateDescriptorClosedUnderTheWaitIsLeftOutNotSpunOn() {
        var calls = 0
        let notClosed: Int32 = 999_999  // no process has a descriptor this high open
        let changed = KeeperWait.wait(state: notClosed, files: nil, timeoutMs: 300) { calls += 1; return Glibc.poll($0, $1, $2) }
        #expect(!changed)
        #expect(calls <= 2, "poll() was called \(calls) times in 300 ms")
    }

    /// The files' descriptor hung up with nothing to read (a pipe's writer gone here) answered every
    /// poll at once, each drained for nothing: it is left out, and the wait sleeps to its deadline.
    @Test(.timeLimit(.minutes(1))) func filesHungUpWithNothingToReadAreLeftOutNotDrainedInALoop() {
        let notes = Notes(answers: [])
        notes.hangUp()
        var calls = 0
        let changed = KeeperWait.wait(state: nil, files: notes, timeoutMs: 300) { calls += 1; return Glibc.poll($0, $1, $2) }
        #expect(!changed)
        #expect(calls <= 2 && notes.drains == 0, "poll() was called \(calls) times and the files drained \(notes.drains) times in 300 ms")
    }

    static let limitReached = SystemError("watch for changes (inotify)", "/var/lib/roam-board/rides.db-wal", Errno(rawValue: ENOSPC), access: .read)

    /// A file the kernel refused to watch at a re-arm (the user's max_user_watches reached): the wait
    /// lasts a second, not the safety net's 10 minutes, the re-arm is tried again at each, and one that
    /// took ends the wait at once (what changed meanwhile was noted by nothing).
    @Test(.timeLimit(.minutes(1))) func aRefusedFileIsLookedAtEverySecondAndWatchedAgainWhenTheKernelTakesIt() {
        let notes = Notes(answers: [])
        notes.refusal = Self.limitReached
        #expect(!KeeperWait.wait(state: nil, files: notes, timeoutMs: 600_000))
        #expect(notes.rewatches == 1 && notes.refusal != nil)
        notes.back = true
        #expect(!KeeperWait.wait(state: nil, files: notes, timeoutMs: 600_000))
        #expect(notes.rewatches == 2 && notes.refusal == nil)
    }

    /// What the keeper says of its watch: a refusal once (the words of a first set-up refused, not the
    /// folder's), once when whole again, and the folder's going and return in their own words.
    @Test func theWatchsChangesAreSaidOnceEach() {
        let notes = Notes(answers: [])
        var news = DriveKeeper.WatchNews()
        #expect(news.lines(notes, folder: "/var/lib/roam-board").isEmpty)
        notes.refusal = Self.limitReached
        #expect(news.lines(notes, folder: "/var/lib/roam-board") == [DriveKeeper.unwatchedWords(Self.limitReached)])
        #expect(news.lines(notes, folder: "/var/lib/roam-board").isEmpty, "the refusal was said again")
        notes.refusal = nil
        #expect(news.lines(notes, folder: "/var/lib/roam-board") == ["drive: every file of the database is watched again: "
            + "looking at the rides when they change"])
        notes.gone = true
        #expect(news.lines(notes, folder: "/var/lib/roam-board") == [DriveKeeper.folderWords("/var/lib/roam-board", gone: true)])
        notes.gone = false
        #expect(news.lines(notes, folder: "/var/lib/roam-board") == [DriveKeeper.folderWords("/var/lib/roam-board", gone: false)])
        #expect(DriveKeeper.unwatchedWords(Self.limitReached) == "drive: cannot watch /var/lib/roam-board/rides.db-wal for the "
            + "database's changes: the user's limit on inotify watches is reached (sysctl fs.inotify.max_user_watches); looking at "
            + "the rides every second instead")
    }

    @Test func theFallbackIsSaidWithTheLimitToRaise() {
        let watches = DriveKeeper.unwatchedWords(SystemError("watch for changes (inotify)", "/var/lib/roam-board", Errno(rawValue: ENOSPC), access: .read))
        #expect(watches.contains("fs.inotify.max_user_watches") && watches.contains("every second") && !watches.contains("storage is full"), "\(watches)")
        let instances = DriveKeeper.unwatchedWords(SystemError("watch for changes (inotify)", "/var/lib/roam-board", Errno(rawValue: EMFILE), access: .read))
        #expect(instances.contains("fs.inotify.max_user_instances"), "\(instances)")
        #expect(KeeperWait.periodMs(600_000, watched: false) == 1000 && KeeperWait.periodMs(600_000, watched: true) == 600_000)
    }
}
