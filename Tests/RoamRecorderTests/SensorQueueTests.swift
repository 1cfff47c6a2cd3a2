import Glibc
import RoamSystem
import RoamCore
@testable import RoamRecorder
import Synchronization
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
        #expect(queue.push(Self.epoch(0)), "before the consumer has said anything, every epoch is handed over")
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true)).items == [Self.epoch(0)])
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true)).items.isEmpty)
        #expect(queue.push(Self.epoch(1)), "an epoch nobody records is not a loss")
        #expect(queue.epochsSkippedIdle.load(ordering: .acquiring) == 1)

        #expect(queue.push(.press(monoNs: 2)))
        #expect(queue.push(Self.epoch(3)), "the press may start a ride: what follows it is queued")
        // The consumer has not handled the press yet, so it still says idle at this take.
        let afterPress = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true))
        #expect(afterPress.items == [.press(monoNs: 2), Self.epoch(3)])
        #expect(queue.push(Self.epoch(4)), "a press taken ends the idle state until the consumer declares it again")
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: false)).items == [Self.epoch(4)])

        // The ride stopped: idle again.
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true)).items.isEmpty)
        #expect(queue.push(Self.epoch(5)))
        #expect(queue.push(.batched(.receiverSilent(monoNs: 6))), "control items are still queued")
        #expect(queue.epochsSkippedIdle.load(ordering: .acquiring) == 2)
        let last = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true))
        #expect(last.items == [.batched(.receiverSilent(monoNs: 6))] && last.lostEpochs == 0)
    }

    @Test("A press while the sensor thread holds an epoch waits for its answer, behind the epoch settled meanwhile")
    func aPressWaitsForTheEpochCompleteBeforeIt() throws {
        let queue = SensorQueue(capacity: 8)
        #expect(queue.push(Self.epoch(1)))
        queue.sensorHoldsEpoch.store(true, ordering: .releasing)
        #expect(queue.push(.press(monoNs: 3)))
        let ticket = queue.heldPressTicket.load(ordering: .acquiring)
        #expect(ticket == 1)
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0)).items.isEmpty,
                "nothing hands over while the press waits for the sensor thread")
        // The sensor thread settles the epoch whose quiet time passed before the press, then answers.
        #expect(queue.pushSettled([Self.epoch(2)]))
        queue.sensorHoldsEpoch.store(false, ordering: .releasing)
        #expect(queue.push(Self.epoch(4)), "an epoch closed by later bytes goes behind the press")
        queue.acknowledgeHeldPresses(through: ticket)
        let batch = try #require(queue.takeBatch(notBeforeNs: .max, timeoutNs: 0))
        #expect(batch.items == [Self.epoch(1), Self.epoch(2), .press(monoNs: 3), Self.epoch(4)],
                "the press hands over at once, in order")
    }

    @Test("A press behind a held one waits for its own answer")
    func aLaterPressWaitsForItsOwnAnswer() throws {
        let queue = SensorQueue(capacity: 8)
        queue.sensorHoldsEpoch.store(true, ordering: .releasing)
        #expect(queue.push(.press(monoNs: 1)))
        let first = queue.heldPressTicket.load(ordering: .acquiring)
        queue.sensorHoldsEpoch.store(false, ordering: .releasing)
        #expect(queue.push(.press(monoNs: 2)), "held too: it keeps its place behind the first")
        queue.acknowledgeHeldPresses(through: first)
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0)).items.isEmpty)
        queue.acknowledgeHeldPresses(through: queue.heldPressTicket.load(ordering: .acquiring))
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0)).items == [.press(monoNs: 1), .press(monoNs: 2)])
    }

    @Test("A press the sensor thread never answers hands over after the hold limit")
    func anUnansweredPressHandsOverAfterTheLimit() throws {
        let queue = SensorQueue(capacity: 8, pressHoldLimitNs: 50_000_000)
        queue.sensorHoldsEpoch.store(true, ordering: .releasing)
        let start = MonotonicClock.nowNs()
        #expect(queue.push(.press(monoNs: start)))
        let batch = try #require(queue.takeBatch(notBeforeNs: .max, timeoutNs: 600_000_000_000))
        #expect(batch.items == [.press(monoNs: start)])
        #expect(MonotonicClock.nowNs() - start >= 50_000_000, "not before the limit")
    }

    @Test("A press held while the commit thread already sleeps hands over at the limit, not at that thread's own deadline")
    func aPressHeldWhileTheConsumerSleepsHandsOverAtTheLimit() throws {
        let queue = SensorQueue(capacity: 8, pressHoldLimitNs: 100_000_000)
        queue.sensorHoldsEpoch.store(true, ordering: .releasing)  // and the sensor thread never answers
        let took = Mutex<(items: [SensorItem], atNs: UInt64)?>(nil)
        // The consumer is asleep first, its own next deadline a minute away (a storage check, say).
        let consumer = try SystemThread(name: "test-commit") {
            let batch = queue.takeBatch(notBeforeNs: 0, timeoutNs: 60_000_000_000)
            let atNs = MonotonicClock.nowNs()
            took.withLock { $0 = batch.map { ($0.items, atNs) } }
        }
        let deadline = MonotonicClock.nowNs() + 60_000_000_000
        while queue.consumerWaits.load(ordering: .acquiring) == 0 && MonotonicClock.nowNs() < deadline { MonotonicClock.sleep(ns: 1_000_000) }
        try #require(queue.consumerWaits.load(ordering: .acquiring) > 0, "the consumer did not go to sleep in takeBatch within 60 s")
        let pressedNs = MonotonicClock.nowNs()
        #expect(queue.push(.press(monoNs: pressedNs)))
        consumer.join()
        let (items, atNs) = try #require(took.withLock { $0 })
        #expect(items == [.press(monoNs: pressedNs)])
        #expect(atNs - pressedNs < 30_000_000_000, "handed over at the limit (0.1 s), not at the consumer's deadline (60 s)")
    }

    @Test("With no ride, an epoch settled in front of a held press is skipped: nobody recorded before the press")
    func anIdleEpochCompleteBeforeThePressIsSkipped() throws {
        let queue = SensorQueue(capacity: 8)
        #expect(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true)).items.isEmpty)
        queue.sensorHoldsEpoch.store(true, ordering: .releasing)
        #expect(queue.push(.press(monoNs: 2)))
        #expect(queue.pushSettled([Self.epoch(1)]))
        queue.sensorHoldsEpoch.store(false, ordering: .releasing)
        queue.acknowledgeHeldPresses(through: queue.heldPressTicket.load(ordering: .acquiring))
        #expect(queue.epochsSkippedIdle.load(ordering: .acquiring) == 1)
        #expect(queue.push(Self.epoch(3)), "what follows the press is queued")
        let batch = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true))
        #expect(batch.items == [.press(monoNs: 2), Self.epoch(3)])
    }
}
