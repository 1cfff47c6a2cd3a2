import Glibc
import RoamSystem

/// One recorder per database at a time. An exclusive `flock` on `<db>.lock`: the kernel
/// drops it when the holder dies, SIGKILL included, so there is never a stale lock to clean up.
/// The holder writes its pid into the file so a refused recorder can name the running one.
public final class RecorderLock {
    public let path: String
    private var fd: Int32

    public struct Held: Error, CustomStringConvertible {
        public var path: String
        public var holderPID: Int32?
        /// How to stop it, where the caller knows (the units of an installed board): said after "stop it first".
        public var stopAdvice: String?
        public init(path: String, holderPID: Int32?, stopAdvice: String? = nil) {
            self.path = path; self.holderPID = holderPID; self.stopAdvice = stopAdvice
        }
        public var description: String {
            let who = holderPID.map { "pid \($0)" } ?? "another process"
            return "another recorder (\(who)) is already recording into this database (lock \(FilePath.shown(path))); stop it first"
                + (stopAdvice.map { ": " + $0 } ?? "")
        }
    }

    public struct Failed: Error, CustomStringConvertible {
        public var path: String
        public var errno: Errno
        /// What failed: "create the recorder lock", or "write the recorder's pid into".
        public var action = "create the recorder lock"
        public var description: String { SystemError(action, path, errno).description }
    }

    public static func path(forDatabase db: String) -> String { db + ".lock" }

    public init(databasePath: String) throws {
        let path = Self.path(forDatabase: databasePath)
        self.path = path
        let made: Bool
        do { made = try FileSystem.kind(path) == nil } catch { throw Failed(path: path, errno: error.errno) }
        do { fd = try retryingInterrupted { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) } } catch { throw Failed(path: path, errno: error) }
        if made {
            do { try FolderOwner.give(path) } catch { close(fd); fd = -1; throw Failed(path: path, errno: error.errno) }
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let e = errno
            let held = Self.held(fd, path)
            close(fd); fd = -1
            if e == EWOULDBLOCK { throw held }
            throw Failed(path: path, errno: Errno(rawValue: e))
        }
        // EINTR retried and said when it fails: a lock without its pid names no one to a refused recorder.
        let pid = Array("\(getpid())\n".utf8)
        let lockFD = fd
        do throws(Errno) {
            _ = try retryingInterrupted { ftruncate(lockFD, 0) }
            var done = 0
            while done < pid.count {
                let rest = Array(pid[done...]), at = off_t(done)
                done += try retryingInterrupted { pwrite(lockFD, rest, rest.count, at) }
            }
        } catch {
            close(fd); fd = -1
            throw Failed(path: path, errno: error, action: "write the recorder's pid into")
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The lock as its holder left it: the pid it wrote, when it could.
    static func held(_ fd: Int32, _ path: String) -> Held {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = pread(fd, &buffer, buffer.count, 0)
        let text = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
        return Held(path: path, holderPID: Int32(text.split(separator: "\n").first.map(String.init) ?? ""))
    }
}
