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
        let writer: Int32
        /// What each drain answers, in turn: true for a note about a followed file.
        var answers: [Bool]
        private(set) var drains = 0
        init(answers: [Bool]) {
            var fds: [Int32] = [0, 0]
            pipe(&fds)
            descriptor = fds[0]; writer = fds[1]; self.answers = answers
        }
        deinit { close(descriptor); close(writer) }
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

    @Test func theFallbackIsSaidWithTheLimitToRaise() {
        let watches = DriveKeeper.unwatchedWords(SystemError("watch for changes (inotify)", "/var/lib/roam-board", Errno(rawValue: ENOSPC), access: .read))
        #expect(watches.contains("fs.inotify.max_user_watches") && watches.contains("every second") && !watches.contains("storage is full"), "\(watches)")
        let instances = DriveKeeper.unwatchedWords(SystemError("watch for changes (inotify)", "/var/lib/roam-board", Errno(rawValue: EMFILE), access: .read))
        #expect(instances.contains("fs.inotify.max_user_instances"), "\(instances)")
        #expect(KeeperWait.periodMs(600_000, watched: false) == 1000 && KeeperWait.periodMs(600_000, watched: true) == 600_000)
    }
}
