import Foundation
import RoamCore
import RoamStore

/// The commit thread (DESIGN.md §3). Takes everything queued as one batch, runs it through the
/// pipeline and commits it in one transaction (P1). A failed commit keeps the raw items parked,
/// in order, and retries with backoff (P3). The pipeline is pure and only the committed state is
/// kept, so a retried batch is processed again from that state and the stored totals always
/// match the stored fixes (P2).
public final class CommitLoop: @unchecked Sendable {
    public struct Options: Sendable {
        /// At least an hour at 10 Hz (issue 3): beyond it the oldest parked epochs are dropped and counted.
        public var parkedEpochLimit = 40_000
        public var retryInitialS = 0.25
        public var retryMaxS = 8.0
        public var parameters = PipelineParameters()
        public init() {}
    }

    private let store: RideStore
    private let queue: SensorQueue
    private let options: Options
    private let clock: @Sendable () -> UInt64
    private let realtimeMs: @Sendable () -> Int64
    private let emit: @Sendable (RecorderEvent) -> Void

    /// The ride and pipeline state as last committed; nil when idle.
    private(set) var pipeline: RidePipeline?
    /// Raw items not yet committed, oldest first: the parking space.
    private var parked: [SensorItem] = []
    private var parkedEpochs = 0
    private var lostEpochs = 0
    private var outage: (sinceNs: UInt64, firstError: String)?
    private var retryDelayS: Double
    private var nextRetryNs: UInt64 = 0

    public init(store: RideStore, queue: SensorQueue, options: Options = .init(),
                clock: @escaping @Sendable () -> UInt64, realtimeMs: @escaping @Sendable () -> Int64,
                emit: @escaping @Sendable (RecorderEvent) -> Void) {
        self.store = store; self.queue = queue; self.options = options
        self.clock = clock; self.realtimeMs = realtimeMs; self.emit = emit
        self.retryDelayS = options.retryInitialS
    }

    /// Re-arms the active ride from its stored row (O(1), no replay: P2) and commits its restart gap
    /// before returning (P7). Idempotent: re-arming the ride already armed does nothing.
    func rearm(_ row: RideRow) {
        if let current = pipeline, current.rideID == row.id { return }
        pipeline = RidePipeline(rideID: row.id, state: row.pipelineState, parameters: row.parameters)
        parked.insert(.restarted(monoNs: clock()), at: 0)
        commitParked()
        emit(.rideStarted(rideID: row.id, resumed: true))
    }

    /// Runs until the queue is closed and drained.
    public func run() {
        while true {
            let now = clock()
            let waitS = parked.isEmpty ? 1.0 : Double(nextRetryNs > now ? nextRetryNs - now : 0) / 1e9
            guard let (items, lost) = queue.takeAll(timeout: max(waitS, 0.001)) else { break }
            lostEpochs += lost
            park(items)
            if !parked.isEmpty && clock() >= nextRetryNs { commitParked() }
        }
        if !parked.isEmpty { commitParked() }
    }

    private func park(_ items: [SensorItem]) {
        parked.append(contentsOf: items)
        parkedEpochs += items.reduce(0) { $0 + ($1.isEpoch ? 1 : 0) }
        var excess = parkedEpochs - options.parkedEpochLimit
        guard excess > 0 else { return }
        // Drop the oldest epochs, never a press or a gap marker, and count them (P3).
        parked.removeAll { item in
            guard excess > 0, item.isEpoch else { return false }
            excess -= 1; lostEpochs += 1; parkedEpochs -= 1
            return true
        }
    }

    /// Commits parked items in order: runs between presses become batches, presses start or stop rides.
    private func commitParked() {
        var index = 0
        while index < parked.count {
            var end = index
            while end < parked.count, !parked[end].isPress { end += 1 }
            do {
                if end > index { try commitChunk(parked[index..<end]) }
                index = end
                if end < parked.count, case .press(let monoNs) = parked[end] {
                    try handlePress(monoNs: monoNs)
                    index = end + 1
                }
            } catch {
                parked.removeFirst(index)
                parkedEpochs = parked.reduce(0) { $0 + ($1.isEpoch ? 1 : 0) }
                fail(error)
                return
            }
        }
        parked.removeAll(keepingCapacity: true)
        parkedEpochs = 0
        outage = nil
        retryDelayS = options.retryInitialS
    }

    private func fail(_ error: any Error) {
        let now = clock()
        if outage == nil { outage = (now, String(describing: error)) }
        nextRetryNs = now + UInt64(retryDelayS * 1e9)
        emit(.commitFailed(error: String(describing: error), parkedEpochs: parkedEpochs, retryInS: retryDelayS))
        retryDelayS = min(retryDelayS * 2, options.retryMaxS)
    }

    private func commitChunk(_ items: ArraySlice<SensorItem>) throws {
        guard var p = pipeline else { return } // idle: epochs are not recorded
        var fixes: [FixRecord] = []
        var events: [RideEvent] = []
        let now = clock()
        if let outage {
            events.append(RideEvent(kind: .recovered, monoNs: now,
                detail: String(format: "storage failed for %.1f s (%@); %d parked epochs landed",
                               Double(now - outage.sinceNs) / 1e9, outage.firstError, parkedEpochs)))
        }
        if lostEpochs > 0 {
            events.append(RideEvent(kind: .lost, monoNs: now, detail: "\(lostEpochs) fixes lost: the parking space was full"))
        }
        for item in items {
            switch item {
            case .epoch(let e):
                let (fix, caused) = p.process(e)
                fixes.append(fix); events += caused
            case .receiverSilent(let monoNs, _):
                if !p.state.segmentPending { events.append(p.markGap(.receiverSilent, monoNs: monoNs)) }
            case .restarted(let monoNs):
                events.append(p.markGap(.loggerRestarted, monoNs: monoNs))
                events.append(RideEvent(kind: .rearm, monoNs: monoNs, detail: "resumed from the stored ride row"))
            case .receiverBack, .press:
                break
            }
        }
        guard !fixes.isEmpty || !events.isEmpty else { return }
        let batch = Batch(rideID: p.rideID, fixes: fixes, events: events, state: p.state)
        try store.commit(batch, commitUTCms: realtimeMs(), lostFixes: lostEpochs)
        let recovered = outage == nil ? 0 : parkedEpochs
        pipeline = p
        lostEpochs = 0
        outage = nil
        let seqs = fixes.isEmpty ? nil : fixes.first!.seq...fixes.last!.seq
        emit(.committed(CommitReport(rideID: p.rideID, seqs: seqs, fixCount: fixes.count,
                                     totals: p.state.totals, recoveredParkedEpochs: recovered)))
    }

    private func handlePress(monoNs: UInt64) throws {
        if let p = pipeline {
            try store.stopRide(id: p.rideID, endedUTCms: p.state.lastAccepted?.utcMs,
                               events: [RideEvent(kind: .stop, monoNs: monoNs, detail: "button")])
            pipeline = nil
            emit(.rideStopped(rideID: p.rideID, totals: p.state.totals))
        } else {
            let row = try store.startRide(startedMonoNs: monoNs, parameters: options.parameters)
            pipeline = RidePipeline(rideID: row.id, state: row.pipelineState, parameters: row.parameters)
            emit(.rideStarted(rideID: row.id, resumed: false))
        }
    }
}
