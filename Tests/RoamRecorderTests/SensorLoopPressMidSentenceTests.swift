import RoamPorts
import RoamSystem
import Foundation
import RoamCore
@testable import RoamRecorder
import Synchronization
import Testing

/// P2, P5: a press that comes while the sensor thread holds half a sentence. Half the next burst's
/// first sentence (an RMC from the talker the epoch before already sent one of): that epoch was
/// complete, the rider pressed after its fix was on the wire, and the press is stored after it and
/// before the next (a stop there kept the ride's last fix). Half a sentence of the same burst (its
/// GGA after its RMC): the epoch is still being received, and the press goes in front of it, unsplit.
/// A real pipe, polled as the UART is; the loop's clock moves only when the test moves it.
@Suite struct SensorLoopPressMidSentenceTests {
    /// The receiver's line: a pipe the loop polls and reads, written by the test.
    final class PipeLine: ByteSource, PollableSource, @unchecked Sendable {
        let device = "pipe-receiver"
        let readEnd: CInt, writeEnd: CInt

        init() throws {
            let ends = try CloseOnExecPipe.make(nonBlocking: true)
            readEnd = ends.read
            writeEnd = ends.write
        }

        var readiness: PortReadiness { .descriptor(readEnd) }
        /// Run once, in the next read that brings bytes, on the loop's thread.
        let afterRead = Mutex<(@Sendable () -> Void)?>(nil)

        func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
            let n = Glibc.read(readEnd, buffer.baseAddress, buffer.count)
            if n < 0 && errno == EAGAIN { return 0 }
            guard n >= 0 else { throw DeviceError(.uart, .read, device: device, errno: .current) }
            if n > 0, let step = afterRead.withLock({ step in defer { step = nil }; return step }) { step() }
            return n
        }

        func write(_ bytes: [UInt8]) {
            let n = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
            precondition(n == bytes.count, "the test's pipe took \(n) of \(bytes.count) bytes")
        }

        /// Every byte written has been read by the loop (poll finds nothing to read).
        var allRead: Bool {
            var look = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            return poll(&look, 1, 0) == 0
        }

        deinit { close(readEnd); close(writeEnd) }
    }

    /// The loop's clock, moved on by the test.
    final class TestClock: Sendable {
        private let ns = Atomic<UInt64>(1_000_000_000)
        /// Run once, at the clock's next reading, on the thread reading it: a test's step between two
        /// of the loop's statements (`SensorLoopPressAfterLastByteTests`).
        let atNextReading = Mutex<(@Sendable () -> Void)?>(nil)
        func now() -> UInt64 {
            if let step = atNextReading.withLock({ step in defer { step = nil }; return step }) { step() }
            return ns.load(ordering: .acquiring)
        }
        func move(ms: UInt64) { ns.add(ms * 1_000_000, ordering: .releasing) }
    }

    final class Run {
        let line: PipeLine, clock = TestClock()
        // No hold limit in reach: a press hands over on the loop's answer, never on the queue's timer.
        let queue = SensorQueue(capacity: 100, pressHoldLimitNs: 600_000_000_000)
        let loop: SensorLoop
        private let done = DispatchSemaphore(value: 0)
        private var stopped = false

        init() throws {
            var options = SensorLoop.Options()
            options.epochSettleMs = 60_000
            options.silentAfterMs = 60_000
            line = try PipeLine()
            let clock = self.clock
            loop = try SensorLoop(source: line, barometer: nil, queue: queue, options: options,
                                  clock: { clock.now() }, emit: { _ in })
            let loop = self.loop, done = self.done
            Thread { loop.run(); done.signal() }.start()
        }

        /// Writes `bytes` and returns once the loop has read them all.
        func send(_ bytes: [UInt8]) -> Bool {
            line.write(bytes)
            return Self.waitFor { self.line.allRead }
        }

        /// Presses while the loop holds bytes, and returns what the press handed over with it: it is
        /// held until the loop answers.
        func pressAndTake() throws -> [String] {
            try #require(Self.waitFor { self.queue.sensorHoldsEpoch.load(ordering: .acquiring) })
            queue.push(.press(monoNs: clock.now()))
            let batch = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 60_000_000_000))
            return SensorLoopPressMidSentenceTests.described(batch.items)
        }

        /// Stops the thread (it hands over everything read) and takes what it queued.
        func stopAndTake() throws -> [String] {
            if !stopped { stopped = true; loop.requestStop(); done.wait() }
            let batch = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0))
            return SensorLoopPressMidSentenceTests.described(batch.items)
        }

        static func waitFor(_ condition: () -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 60)
            while !condition() { if Date() > deadline { return false }; usleep(2_000) }
            return true
        }

        deinit { if !stopped { loop.requestStop(); done.wait() } }
    }

    /// A line whose every read waits for the test, then takes what was queued meanwhile: bytes that
    /// came while the thread sat in its read (a loaded board), after a press it has not answered yet.
    final class GatedLine: ByteSource, @unchecked Sendable {
        let device = "gated-receiver"
        private let state = Mutex<(bytes: [UInt8], closed: Bool)>(([], false))
        private let gate = DispatchSemaphore(value: 0)
        /// Reads begun so far (each waits at the gate), and the timeout each was given.
        let reads = Atomic<Int>(0)
        let timeouts = Mutex<[Int32]>([])

        func serve(_ bytes: [UInt8]) { state.withLock { $0.bytes += bytes }; gate.signal() }
        func close() { state.withLock { $0.closed = true }; gate.signal() }

        func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
            timeouts.withLock { $0.append(timeoutMs) }
            reads.add(1, ordering: .releasing)
            gate.wait()
            return state.withLock { s in
                guard !s.closed else { return 0 }
                let n = min(buffer.count, s.bytes.count)
                buffer.copyBytes(from: s.bytes[..<n])
                s.bytes.removeFirst(n)
                return n
            }
        }
    }

    // The bursts and their description as the burst tests' (one eastbound ride, seconds from 15:00:00).
    static func burst(second: Int) -> [UInt8] { SensorLoopPressDuringBurstTests.burst(second: second) }
    static func described(_ items: [SensorItem]) -> [String] { SensorLoopPressDuringBurstTests.described(items) }

    @Test func aPressWhileTheNextBurstsFirstSentenceIsHalfReadIsStoredAfterTheEpochBeforeIt() throws {
        let run = try Run()
        #expect(run.send(Self.burst(second: 0)))
        // A second later the next burst begins: half its RMC is read when the rider presses.
        run.clock.move(ms: 1000)
        let next = Self.burst(second: 1)
        #expect(run.send(Array(next[..<24])))
        let pressed = try run.pressAndTake()
        #expect(run.send(Array(next[24...])))
        let after = try run.stopAndTake()
        #expect(pressed + after == ["0:2", "press", "1:2"])
        #expect(pressed == ["0:2", "press"])
    }

    /// The press came while the thread sat in a read (the receiver's start-up text held, the press
    /// not answered yet); the read then brought a whole epoch and half the next one's RMC. That epoch's
    /// bytes may have come after the press: it goes behind it, as any epoch read after a press.
    @Test func aPressBeforeTheReadThatBroughtTheEpochGoesInFrontOfIt() throws {
        var options = SensorLoop.Options()
        options.epochSettleMs = 60_000
        options.silentAfterMs = 60_000
        let line = GatedLine(), clock = TestClock(), queue = SensorQueue(capacity: 100, pressHoldLimitNs: 600_000_000_000)
        let loop = try SensorLoop(source: line, barometer: nil, queue: queue, options: options,
                                  clock: { clock.now() }, emit: { _ in })
        let done = DispatchSemaphore(value: 0)
        Thread { loop.run(); done.signal() }.start()
        var stopped = false
        func stop() { if !stopped { stopped = true; loop.requestStop(); line.close(); done.wait() } }
        defer { stop() }

        line.serve(Array((NMEAChecksum.seal("$GPTXT,01,01,02,ANTENNA OK") + "\r\n").utf8))
        #expect(Run.waitFor { line.reads.load(ordering: .acquiring) >= 2 && queue.sensorHoldsEpoch.load(ordering: .acquiring) })
        queue.push(.press(monoNs: clock.now()))
        let first = Self.burst(second: 0), next = Self.burst(second: 1)
        line.serve(first + next[..<24])
        #expect(Run.waitFor { line.reads.load(ordering: .acquiring) >= 3 })
        line.serve(Array(next[24...]))
        #expect(Run.waitFor { line.reads.load(ordering: .acquiring) >= 4 })
        stop()
        let batch = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0))
        // Second 0's epoch holds the text before its RMC and GGA.
        #expect(Self.described(batch.items) == ["press", "0:3", "1:2"])
    }

    @Test func aPressWhileTheSameBurstsNextSentenceIsHalfReadSplitsNothing() throws {
        let run = try Run()
        let first = Self.burst(second: 0)
        let ggaAt = try #require(first.firstIndex(of: UInt8(ascii: "\n"))) + 1
        // Second 0's RMC and half its GGA: a type the epoch does not hold yet.
        #expect(run.send(Array(first[..<(ggaAt + 24)])))
        let pressed = try run.pressAndTake()
        #expect(run.send(Array(first[(ggaAt + 24)...]) + Self.burst(second: 1)))
        let after = try run.stopAndTake()
        #expect(pressed + after == ["press", "0:2", "1:2"])
    }

    /// The line stalled mid-sentence longer than the quiet time (QEMU's UART on a loaded machine
    /// delivered a burst's GGA more than 300 ms after its RMC: kernel-sim s2 stored a fix without its
    /// RMC). Half a sentence of the same burst is no quiet between bursts: the press goes in front of
    /// the whole epoch, unsplit.
    @Test func aPressAfterTheLineStalledMidSentenceSplitsNothing() throws {
        let run = try Run()
        let first = Self.burst(second: 0)
        let ggaAt = try #require(first.firstIndex(of: UInt8(ascii: "\n"))) + 1
        #expect(run.send(Array(first[..<(ggaAt + 24)])))
        run.clock.move(ms: 400)
        let pressed = try run.pressAndTake()
        #expect(run.send(Array(first[(ggaAt + 24)...]) + Self.burst(second: 1)))
        let after = try run.stopAndTake()
        #expect(pressed + after == ["press", "0:2", "1:2"])
    }
}
