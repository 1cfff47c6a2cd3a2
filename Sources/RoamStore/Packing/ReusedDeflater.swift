import CZlib
import Synchronization

/// One deflate stream kept between values and reset for each, instead of one set up and torn down
/// per fix: `deflateInit2` allocates and clears the window and hash every time (a profile of the
/// 10 Hz commit thread: 2 % of it in set-up alone). `deflateReset` keeps the parameters; it leaves
/// the window's tail from earlier values, which may make deflate pick another, equally valid match,
/// so the bytes can differ from a fresh stream's while inflating to the same text (nothing compares
/// packed bytes). The z_stream lives at a fixed address, as zlib requires (its state points back at it).
final class ReusedDeflater: @unchecked Sendable {
    let stream: UnsafeMutablePointer<z_stream>

    /// nil when zlib could not set a stream up (`rc` says why).
    init?(level: Int32, windowBits: Int32, memoryLevel: Int32, rc: inout Int32) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        rc = roam_deflate_init2(stream, level, windowBits, memoryLevel, Z_DEFAULT_STRATEGY)
        // Every stored property is set, so a nil here runs `deinit`, which frees the stream (once):
        // deflateEnd on a stream zlib did not set up only returns Z_STREAM_ERROR.
        guard rc == Z_OK else { return nil }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// The one kept: taken out for a value and put back after, so two threads packing at once
    /// (the commit thread and a `dump`) each get their own, and neither waits.
    private static let kept = Mutex<ReusedDeflater?>(nil)

    static func take() -> ReusedDeflater? { kept.withLock { held in defer { held = nil }; return held } }

    /// Puts it back reset for the next value (or drops it, if zlib cannot reset it).
    static func putBack(_ deflater: ReusedDeflater) {
        guard deflateReset(deflater.stream) == Z_OK else { return }
        kept.withLock { $0 = deflater }
    }
}
