import Foundation
import RoamCore

/// The bounded hand-over from the sensor thread to the commit thread (DESIGN.md §3).
/// The sensor side never waits: when the queue is full the item is counted as lost (P3), and the
/// commit thread records the count as an event once it can write again.
public final class SensorQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [SensorItem] = []
    private var lostEpochs = 0
    private var closed = false
    public let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    /// Never blocks. Returns false when the item was dropped because the queue is full.
    @discardableResult
    public func push(_ item: SensorItem) -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard items.count < capacity else {
            if case .epoch = item { lostEpochs += 1 }
            return false
        }
        items.append(item)
        condition.signal()
        return true
    }

    /// Waits until something is queued (or the queue is closed), then takes everything: one batch.
    /// Returns nil once closed and empty. `timeout` lets the caller retry parked batches meanwhile.
    public func takeAll(timeout: Double) -> (items: [SensorItem], lostEpochs: Int)? {
        condition.lock(); defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while items.isEmpty && lostEpochs == 0 && !closed {
            if !condition.wait(until: deadline) { break }
        }
        if items.isEmpty && lostEpochs == 0 && closed { return nil }
        let taken = items, lost = lostEpochs
        items.removeAll(keepingCapacity: true)
        lostEpochs = 0
        return (taken, lost)
    }

    /// No more items will be pushed; the consumer drains what is left and stops.
    public func close() {
        condition.lock(); closed = true; condition.signal(); condition.unlock()
    }
}
