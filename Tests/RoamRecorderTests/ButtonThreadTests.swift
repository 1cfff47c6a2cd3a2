import RoamPorts
import RoamSystem
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Foundation
import Testing

/// What the button's gestures become: presses and long presses queued into the recorder as they
/// are, in order (what they do to the ride is the session's to decide: `RideSessionTests`, `LongPressTests`).
@Suite struct ButtonThreadTests {
    final class Presses: Sendable {
        let gestures = Mutex<[ButtonGesture.Gesture]>([])
        func queue(_ g: ButtonGesture.Gesture) { gestures.withLock { $0.append(g) } }
        var all: [ButtonGesture.Gesture] { gestures.withLock { $0 } }
    }

    func thread(_ presses: Presses) throws -> ButtonThread {
        let fake = FakeButton(clock: .simulated(startNs: 0))
        let button = try Button(input: fake, activeLow: true, now: fake.nowNs)
        return try ButtonThread(button: button, queueGesture: presses.queue, report: { _ in })
    }

    @Test func eachPressIsQueuedOnce() throws {
        let presses = Presses()
        let t = try thread(presses)
        t.handle([.press(atNs: 10), .press(atNs: 20)])
        #expect(presses.all == [.press(atNs: 10), .press(atNs: 20)])
        #expect(t.gesturesHandled.load(ordering: .acquiring) == 2)
    }

    @Test func aLongPressIsQueuedAsOneLongPressWhateverCameBefore() throws {
        // No ride state here: after a stop, or after a ride the session ended itself, the long
        // press goes to the session as it is, and the session decides what it stops and starts.
        let presses = Presses()
        let t = try thread(presses)
        t.handle([.press(atNs: 1), .longPress(atNs: 2), .longPress(atNs: 3)])
        #expect(presses.all == [.press(atNs: 1), .longPress(atNs: 2), .longPress(atNs: 3)])
        #expect(t.gesturesHandled.load(ordering: .acquiring) == 3)
    }

    @Test func theThreadRunsTheDriverAndStopsPromptly() throws {
        let presses = Presses()
        let fake = FakeButton(clock: .live)
        let button = try Button(input: fake, activeLow: true, now: fake.nowNs)
        let t = try ButtonThread(button: button, queueGesture: presses.queue, report: { _ in })
        try t.start()
        let at = fake.nowNs()
        fake.press(atNs: at, holdMs: 80, bounceMs: 20)
        let deadline = MonotonicClock.nowNs() + 30_000_000_000
        while t.gesturesHandled.load(ordering: .acquiring) < 1 && MonotonicClock.nowNs() < deadline { usleep(1000) }
        t.stop()
        t.stop()
        #expect(presses.all == [.press(atNs: at)])
    }

    /// A gpiochip that appears after the recorder started (its driver loaded late): the thread
    /// keeps opening the line, says once that it found it, and the rider's next press counts.
    @Test func aButtonAbsentAtStartIsOpenedWhenItAppears() throws {
        let presses = Presses()
        let reports = Mutex<[String]>([])
        let fake = FakeButton(clock: .live)
        let attempts = Mutex(0)
        let t = try ButtonThread(opening: {
            let n = attempts.withLock { $0 += 1; return $0 }
            guard n >= 3 else { throw DeviceError(.gpio, .open, device: "/dev/gpiochip4", errno: .noSuchFile) }
            return try Button(input: fake, activeLow: true, now: fake.nowNs)
        }, retryS: 0.02, queueGesture: presses.queue, report: { line in reports.withLock { $0.append(line) } })
        try t.start()
        let deadline = MonotonicClock.nowNs() + 30_000_000_000
        while attempts.withLock({ $0 }) < 3 && MonotonicClock.nowNs() < deadline { usleep(1000) }
        while fake.waitCount == 0 && MonotonicClock.nowNs() < deadline { usleep(1000) }
        let at = fake.nowNs()
        fake.press(atNs: at, holdMs: 80, bounceMs: 20)
        while t.gesturesHandled.load(ordering: .acquiring) < 1 && MonotonicClock.nowNs() < deadline { usleep(1000) }
        t.stop()
        let tries = attempts.withLock { $0 }
        let said = reports.withLock { $0 }
        #expect(presses.all == [.press(atNs: at)])
        #expect(tries == 3)
        // The absence was said by the rig at start; the thread says only that the line is there now.
        #expect(said == ["button fake:gpiochip0 line 17: found; rides can be started and stopped now"])
    }
}
