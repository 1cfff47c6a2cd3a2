import RoamCore
import RoamSystem
import Glibc
import RoamHardware

/// The recorder's status beside the database (`rides.db.status`), for `roam-board status` while
/// the database cannot be written (disk full, I/O errors) — the moment status matters most.
///
/// Why this shape: a file written by "temp file + rename" needs a new inode and block, which a
/// full disk refuses. So the file is one fixed 4 KiB block, allocated when the recorder starts,
/// and updated in place with `pwrite`, which needs no new space. Two slots make each update
/// atomic for readers: the writer overwrites the older slot, each slot carries a sequence number
/// and a checksum (`FNV1a`), and a reader takes the newest intact slot, so a torn write is never seen.
/// No fsync: the status is advisory (it must not add a flush to a batch, P1 costs one); after a
/// power loss it shows the state the kernel last wrote back, marked as not running.
/// The writer holds an exclusive `flock` for its lifetime; a reader that can take a shared lock
/// knows no recorder is running (the kernel drops the lock when the holder dies, SIGKILL included).
///
/// Unchecked Sendable: its one mutable field is touched by one writer at a time (the recorder
/// keeps it behind the status lock).
public final class RecorderStatusFile: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var operation: String
        public var path: String
        public var errno: Errno
        /// The writer's calls write; `read(path:)`'s read, and a refusal says so.
        public var access: Errno.Access = .write
        public var description: String { "status file \(FilePath.shown(path)): \(operation) failed: \(errno.reason(access))" }
    }

    public struct Snapshot: Sendable {
        /// nil when neither slot is intact (never written completely).
        public var status: RecorderStatus?
        /// A recorder holds the file's lock right now.
        public var isRecorderRunning: Bool
    }

    static let fileSize = 4096
    static let slotSize = 2048

    public let path: String
    private let fd: Int32
    private var sequence: UInt64

    public static func path(forDatabase db: String) -> String { db + ".status" }

    /// Opens (creating and allocating) the file and takes its lock. Waits briefly for a reader's
    /// momentary shared lock; fails if another recorder holds it.
    public init(path: String) throws(Failure) {
        self.path = path
        let made: Bool
        do { made = try FileSystem.kind(path) == nil } catch { throw Failure(operation: "look at", path: path, errno: error.errno) }
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(operation: "open", path: path, errno: Errno(rawValue: Glibc.errno)) }
        if made {
            do { try FolderOwner.give(path) } catch {
                close(fd)
                throw Failure(operation: "give to the folder's owner", path: path, errno: error.errno)
            }
        }
        do { try Self.lockExclusively(fd) } catch {
            close(fd)
            // A lock held elsewhere is busy: EAGAIN's words are those of a thread or process the system has no room for.
            if error == .wouldBlock { throw Failure(operation: "lock (another recorder has held it for over a second)", path: path, errno: .busy) }
            throw Failure(operation: "lock", path: path, errno: error)
        }
        var existing = [UInt8](repeating: 0, count: Self.fileSize)
        let n: Int
        let descriptor = fd  // not self.fd: self is not whole until `sequence` is set
        do { n = try retryingInterrupted { pread(descriptor, &existing, existing.count, 0) } } catch {
            // Writing the block over blindly would erase what the last recorder could not commit (P3):
            // the recorder goes on without a status file, and the record stays for the next start.
            close(fd)
            throw Failure(operation: "read the last recorder's status (it is kept, not written over)", path: path, errno: error, access: .read)
        }
        sequence = n > 0 ? (Self.newestSlot(existing[0..<n])?.sequence ?? 0) : 0
        if n < Self.fileSize {
            // Reserve the whole block now, while there is room: later updates only overwrite it.
            let zeros = [UInt8](repeating: 0x0A, count: Self.fileSize)
            guard pwrite(fd, zeros, zeros.count, 0) == zeros.count else {
                // Every property is set by now, so the throw runs deinit, which closes fd: closing it
                // here too could close a descriptor another thread has just been given the number of.
                throw Failure(operation: "allocate", path: path, errno: Errno(rawValue: Glibc.errno))
            }
        }
    }

    deinit { close(fd) }

    /// Takes the exclusive lock, waiting up to a second (by the monotonic clock, however many signals
    /// come meanwhile) for a reader's momentary shared lock; a recorder holds it far longer.
    private static func lockExclusively(_ fd: Int32) throws(Errno) {
        let deadline = MonotonicClock.nowNs() + 1_000_000_000
        while true {
            do {
                _ = try retryingInterrupted { flock(fd, LOCK_EX | LOCK_NB) }
                return
            } catch {
                guard error == .wouldBlock, MonotonicClock.nowNs() < deadline else { throw error }
                MonotonicClock.sleep(ns: 5_000_000)
            }
        }
    }

    /// Writes the status into the older slot.
    public func write(_ status: RecorderStatus) throws(Failure) {
        sequence += 1
        var payload = Array(status.text.utf8)
        let headerRoom = 64
        if payload.count > Self.slotSize - headerRoom { payload = Array(payload.prefix(Self.slotSize - headerRoom)) }
        let header = "roam-board-status-slot \(sequence) \(payload.count) \(String(FNV1a.hash(payload), radix: 16))\n"
        var slot = Array(header.utf8) + payload
        slot += [UInt8](repeating: 0x0A, count: Self.slotSize - slot.count)
        let offset = off_t(Int(sequence % 2) * Self.slotSize)
        let written = pwrite(fd, slot, slot.count, offset)
        guard written == slot.count else {
            throw Failure(operation: "write", path: path, errno: Errno(rawValue: written < 0 ? Glibc.errno : ENOSPC))
        }
    }

    /// Reads the newest intact slot without writing anything; nil when there is no status file.
    public static func read(path: String) throws(Failure) -> Snapshot? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if Glibc.errno == ENOENT { return nil }
            throw Failure(operation: "open", path: path, errno: Errno(rawValue: Glibc.errno), access: .read)
        }
        defer { close(fd) }
        var running = false
        do {
            _ = try retryingInterrupted { flock(fd, LOCK_SH | LOCK_NB) }
            flock(fd, LOCK_UN)
        } catch {
            guard error == .wouldBlock else { throw Failure(operation: "lock", path: path, errno: error, access: .read) }
            running = true
        }
        var bytes = [UInt8](repeating: 0, count: fileSize)
        let n: Int
        do { n = try retryingInterrupted { pread(fd, &bytes, bytes.count, 0) } } catch {
            throw Failure(operation: "read", path: path, errno: error, access: .read)
        }
        let status = newestSlot(bytes[0..<n]).flatMap { RecorderStatus(text: $0.text) }
        return Snapshot(status: status, isRecorderRunning: running)
    }

    private static func newestSlot(_ bytes: ArraySlice<UInt8>) -> (sequence: UInt64, text: String)? {
        var best: (sequence: UInt64, text: String)?
        for start in stride(from: bytes.startIndex, to: bytes.endIndex, by: slotSize) {
            let slot = bytes[start..<min(start + slotSize, bytes.endIndex)]
            guard let newline = slot.firstIndex(of: 0x0A) else { continue }
            let fields = String(decoding: slot[slot.startIndex..<newline], as: UTF8.self).split(separator: " ")
            guard fields.count == 4, fields[0] == "roam-board-status-slot", let seq = UInt64(fields[1]),
                  let length = Int(fields[2]), let sum = UInt64(fields[3], radix: 16),
                  newline + 1 + length <= slot.endIndex else { continue }
            let payload = slot[(newline + 1)..<(newline + 1 + length)]
            guard FNV1a.hash(payload) == sum, seq > (best?.sequence ?? 0) else { continue }
            best = (seq, String(decoding: payload, as: UTF8.self))
        }
        return best
    }

    /// The kernel's id of this boot ("" when it cannot be read: then ages are not compared).
    public static var bootID: String {
        do {
            let text = try FileSystem.readText("/proc/sys/kernel/random/boot_id")
            return String(text.filter { !$0.isWhitespace })
        } catch {
            return "" // Not storage: without /proc the status only loses its same-boot check.
        }
    }
}
