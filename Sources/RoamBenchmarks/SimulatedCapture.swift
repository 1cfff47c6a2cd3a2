import Glibc
import RoamSimulator

/// Writes a long NMEA capture of the bench ride (`RideLaps`): RMC, GGA, GSA and GST per 1 Hz
/// epoch, CRLF endings, valid checksums. The parser benchmark feeds the same file to our stream
/// and to gpsd's gpsdecode.
public enum SimulatedCapture {
    public struct Summary: Sendable, Equatable {
        public var sentences: Int
        public var epochs: Int
        public var bytes: Int

        public init(sentences: Int, epochs: Int, bytes: Int) {
            self.sentences = sentences; self.epochs = epochs; self.bytes = bytes
        }
    }

    /// Writes whole epochs until at least `sentences` sentences are in `path` (replacing it): the
    /// 1 Hz ride, or at `hz` above 1 the high-rate laps the cadence benchmark replays.
    public static func write(sentences target: Int, to path: String, hz: Int = 1) throws(BenchmarkError) -> Summary {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .errno("creating", path) }
        defer { close(fd) }
        var summary = Summary(sentences: 0, epochs: 0, bytes: 0)
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 20)
        var laps = RideLaps(), fast = HighRateLaps(hz: max(hz, 1))
        while summary.sentences < target, let nmea = hz > 1 ? fast.next() : laps.next()?.nmea {
            pending += nmea
            summary.sentences += nmea.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            summary.epochs += 1
            if pending.count >= 1 << 20 || summary.sentences >= target {
                try BenchmarkError.writeAll(fd, pending, step: "writing", subject: path)
                summary.bytes += pending.count
                pending.removeAll(keepingCapacity: true)
            }
        }
        return summary
    }
}
