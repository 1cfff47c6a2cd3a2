import Foundation
import RoamCore
import RoamHardware
import Synchronization

/// The sensor thread (DESIGN.md §3): UART bytes -> framer -> decoder -> epoch assembler -> epoch,
/// stamped with the monotonic clock and the latest barometer sample, pushed to the queue.
/// It never waits on storage: the queue push never blocks.
public final class SensorLoop: @unchecked Sendable {
    public struct Options: Sendable {
        /// A 1 Hz receiver sends its burst then stays quiet; after this much quiet the epoch is complete.
        public var epochQuietMs: UInt64 = 300
        /// No bytes at all for this long: the receiver is silent (a gap, P5).
        public var silentAfterMs: UInt64 = 3000
        public var readTimeoutMs: Int32 = 100
        public var barometerRetryMs: UInt64 = 2000
        public init() {}
    }

    private let source: ByteSource
    private let barometer: BarometerSource?
    private let queue: SensorQueue
    private let options: Options
    private let clock: @Sendable () -> UInt64
    private let emit: @Sendable (RecorderEvent) -> Void
    private var stream = NMEAStream()
    private let stopRequested = Atomic<Bool>(false)
    /// Epochs handed to the queue so far (the bench replayer paces itself on this).
    public let epochsAssembled = Atomic<Int>(0)

    public init(source: ByteSource, barometer: BarometerSource?, queue: SensorQueue, options: Options = .init(),
                clock: @escaping @Sendable () -> UInt64, emit: @escaping @Sendable (RecorderEvent) -> Void) {
        self.source = source; self.barometer = barometer; self.queue = queue; self.options = options
        self.clock = clock; self.emit = emit
    }

    public func requestStop() { stopRequested.store(true, ordering: .releasing) }

    public func run() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var lastByteNs = clock()
        var pendingBytes = false
        var silent = false
        var baroMissingSince: UInt64?
        var nextBaroProbeNs: UInt64 = 0
        // A skipped measurement (BMP280 0x80000) reuses the previous sample rather than dropping it.
        var lastSample: BarometerSample?

        func push(_ epochs: [Epoch]) {
            guard !epochs.isEmpty else { return }
            let now = clock()
            var sample: BarometerSample?
            if let barometer {
                if baroMissingSince == nil || now >= nextBaroProbeNs {
                    do {
                        if baroMissingSince != nil { try barometer.reprobe() }
                        sample = try barometer.sample()
                        if baroMissingSince != nil { baroMissingSince = nil; emit(.barometerBack) }
                        lastSample = sample ?? lastSample
                    } catch {
                        lastSample = nil
                        if baroMissingSince == nil { baroMissingSince = now; emit(.barometerMissing(reason: "\(error)")) }
                        nextBaroProbeNs = now + options.barometerRetryMs * 1_000_000
                    }
                }
            }
            for epoch in epochs {
                queue.push(.epoch(SensorEpoch(epoch: epoch, monoNs: now, barometer: sample ?? lastSample)))
                epochsAssembled.add(1, ordering: .releasing)
            }
        }

        while !stopRequested.load(ordering: .acquiring) {
            let n: Int
            do {
                n = try buffer.withUnsafeMutableBytes { try source.read(into: $0, timeoutMs: options.readTimeoutMs) }
            } catch {
                // The receiver went away (EIO/ENODEV). Record the silence once; the rig reopens it.
                if !silent { silent = true; queue.push(.receiverSilent(monoNs: clock(), reason: "\(error)")); emit(.receiverSilent(reason: "\(error)")) }
                push(stream.finish())
                return
            }
            let now = clock()
            if n > 0 {
                lastByteNs = now
                pendingBytes = true
                if silent { silent = false; queue.push(.receiverBack(monoNs: now)); emit(.receiverBack) }
                push(stream.feed(buffer[0..<n]))
            } else {
                if pendingBytes && now - lastByteNs >= options.epochQuietMs * 1_000_000 {
                    pendingBytes = false
                    push(stream.finish())
                }
                if !silent && now - lastByteNs >= options.silentAfterMs * 1_000_000 {
                    silent = true
                    queue.push(.receiverSilent(monoNs: now, reason: "no bytes for \(options.silentAfterMs) ms"))
                    emit(.receiverSilent(reason: "no bytes for \(options.silentAfterMs) ms"))
                }
            }
        }
        push(stream.finish())
    }
}
