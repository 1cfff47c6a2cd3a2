import Foundation
import RoamCore
import RoamHardware
import RoamStore

/// Wires the receiver and barometer to the pipeline and the store through the two threads of
/// DESIGN.md §3. Start-up order (P7): the store is open and the active ride row read before this
/// is built; `start()` starts reading the receiver first, then re-arms the ride.
public final class Recorder: @unchecked Sendable {
    public struct Options: Sendable {
        public var sensor = SensorLoop.Options()
        public var commit = CommitLoop.Options()
        public var queueCapacity = 4096
        public init() {}
    }

    public let sensor: SensorLoop
    private let commits: CommitLoop
    private let queue: SensorQueue
    private let activeRide: RideRow?
    private let sensorDone = DispatchSemaphore(value: 0)
    private let commitDone = DispatchSemaphore(value: 0)
    private let clock: @Sendable () -> UInt64

    public init(store: RideStore, activeRide: RideRow?, source: ByteSource, barometer: BarometerSource?,
                options: Options = .init(), clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nowNs,
                realtimeMs: @escaping @Sendable () -> Int64 = MonotonicClock.realtimeMs,
                emit: @escaping @Sendable (RecorderEvent) -> Void) {
        self.queue = SensorQueue(capacity: options.queueCapacity)
        self.sensor = SensorLoop(source: source, barometer: barometer, queue: queue, options: options.sensor,
                                 clock: clock, emit: emit)
        self.commits = CommitLoop(store: store, queue: queue, options: options.commit, clock: clock,
                                  realtimeMs: realtimeMs, emit: emit)
        self.activeRide = activeRide
        self.clock = clock
    }

    /// Starts the sensor thread, re-arms the active ride (its restart gap committed), then the commit thread.
    public func start() {
        let sensor = self.sensor, sensorDone = self.sensorDone
        let sensorThread = Thread { sensor.run(); sensorDone.signal() }
        sensorThread.name = "roam-sensor"
        sensorThread.start()
        rearm()
        let commits = self.commits, commitDone = self.commitDone
        let commitThread = Thread { commits.run(); commitDone.signal() }
        commitThread.name = "roam-commit"
        commitThread.start()
    }

    /// Re-arms the ride that was recording when the recorder last stopped. Idempotent (P7).
    public func rearm() {
        if let activeRide { commits.rearm(activeRide) }
    }

    /// A debounced button press, in order with the epochs.
    public func press(monoNs: UInt64? = nil) { queue.push(.press(monoNs: monoNs ?? clock())) }

    /// Stops reading, commits everything already read, and returns when both threads have ended.
    public func stop() {
        sensor.requestStop()
        sensorDone.wait()
        queue.close()
        commitDone.wait()
    }

    public var isRecording: Bool { commits.pipeline != nil }
}
