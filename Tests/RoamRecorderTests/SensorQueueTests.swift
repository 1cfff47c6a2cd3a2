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

    @Test("With no ride, epochs are not handed over until a press is queued, and taking the press wants them again")
    func anIdleConsumerIsHandedNoEpochs() throws {
        let queue = SensorQueue(capacity: 8)
        #expect(queue.wantsEpochs, "before the consumer has said anything, every epoch is handed over")
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true)).items.isEmpty)
        #expect(!queue.wantsEpochs)
        #expect(queue.push(Self.epoch(1)), "an epoch nobody records is not a loss")
        #expect(queue.epochsSkippedIdle.load(ordering: .acquiring) == 1)

        #expect(queue.push(.press(monoNs: 2)))
        #expect(queue.wantsEpochs, "the press may start a ride: what follows it is queued")
        #expect(queue.push(Self.epoch(3)))
        // The consumer has not handled the press yet, so it still says idle at this take.
        let afterPress = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true))
        #expect(afterPress.items == [.press(monoNs: 2), Self.epoch(3)])
        #expect(queue.wantsEpochs, "a press taken ends the idle state until the consumer declares it again")
        #expect(queue.push(Self.epoch(4)))
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: false)).items == [Self.epoch(4)])

        // The ride stopped: idle again.
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true)).items.isEmpty)
        #expect(queue.push(Self.epoch(5)))
        #expect(queue.push(.batched(.receiverSilent(monoNs: 6))), "control items are still queued")
        #expect(queue.epochsSkippedIdle.load(ordering: .acquiring) == 2)
        let last = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true))
        #expect(last.items == [.batched(.receiverSilent(monoNs: 6))] && last.lostEpochs == 0)
    }
}
