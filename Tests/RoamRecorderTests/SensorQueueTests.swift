import RoamCore
@testable import RoamRecorder
import Testing

/// The queue between the sensor and commit threads keeps room for control items: a full queue
/// loses epochs (counted), never the rider's press or the receiver's silence (issue 28).
@Suite struct SensorQueueTests {
    private static func epoch(_ n: UInt64) -> SensorItem {
        .batched(.epoch(SensorEpoch(epoch: Epoch(), monoNs: n, barometer: nil)))
    }

    @Test("A full queue drops epochs and counts them, but queues a press and a silence")
    func aFullQueueKeepsControlItems() throws {
        let queue = SensorQueue(capacity: 2)
        #expect(queue.push(Self.epoch(1)))
        #expect(queue.push(Self.epoch(2)))
        #expect(!queue.push(Self.epoch(3)), "the third epoch finds the queue full")
        #expect(queue.push(.press(monoNs: 4)), "a press is never dropped")
        #expect(queue.push(.batched(.receiverSilent(monoNs: 5))), "nor is the receiver going silent")
        #expect(!queue.push(Self.epoch(6)))
        let (items, lost) = try #require(queue.takeAll(timeout: 0))
        #expect(items == [Self.epoch(1), Self.epoch(2), .press(monoNs: 4), .batched(.receiverSilent(monoNs: 5))])
        #expect(lost == 2, "only the epochs count as lost")
    }

    @Test("Taking a batch frees the room: epochs are queued again")
    func takingFreesTheRoom() throws {
        let queue = SensorQueue(capacity: 1)
        #expect(queue.push(.press(monoNs: 1)))
        #expect(queue.push(Self.epoch(2)), "a control item takes no epoch's room")
        #expect(!queue.push(Self.epoch(3)))
        _ = try #require(queue.takeAll(timeout: 0))
        #expect(queue.push(Self.epoch(4)))
        queue.close()
        let (items, lost) = try #require(queue.takeAll(timeout: 0))
        #expect(items == [Self.epoch(4)] && lost == 0)
        #expect(queue.takeAll(timeout: 0) == nil)
    }
}
