import RoamPorts
import RoamSystem
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Foundation
import Testing

/// What the button's gestures do to the ride: the presses queued into the recorder.
@Suite struct ButtonThreadTests {
    final class Presses: Sendable {
        let times = Mutex<[UInt64]>([])
        func press(_ t: UInt64) { times.withLock { $0.append(t) } }
        var all: [UInt64] { times.withLock { $0 } }
    }

    func thread(recording: Bool, _ presses: Presses) throws -> ButtonThread {
        let fake = FakeButton(clock: .simulated(startNs: 0))
        let button = try Button(input: fake, activeLow: true, now: fake.nowNs)
        return ButtonThread(button: button, isRecording: recording, press: presses.press, report: { _ in })
    }

    @Test func aPressTogglesTheRideOnePressEach() throws {
        let presses = Presses()
        let t = try thread(recording: false, presses)
        t.handle([.press(atNs: 10), .press(atNs: 20)])
        #expect(presses.all == [10, 20])
        #expect(t.gesturesHandled.load(ordering: .acquiring) == 2)
    }

    @Test func aLongPressWhileRecordingStopsTheRideAndStartsTheNext() throws {
        let presses = Presses()
        let t = try thread(recording: true, presses)
        t.handle([.longPress(atNs: 5)])
        #expect(presses.all == [5, 5])
    }

    @Test func aLongPressWhenIdleStartsOneRide() throws {
        let presses = Presses()
        let t = try thread(recording: false, presses)
        t.handle([.longPress(atNs: 5)])
        #expect(presses.all == [5])
        // Now recording: a second long press splits it.
        t.handle([.longPress(atNs: 9)])
        #expect(presses.all == [5, 9, 9])
    }

    @Test func theRideStateFollowsThePressesQueuedNotTheCommits() throws {
        // Stop (press) then "new ride" (long press) while storage is failing: nothing is committed
        // yet, but the second gesture must see the ride as stopped and start exactly one.
        let presses = Presses()
        let t = try thread(recording: true, presses)
        t.handle([.press(atNs: 1), .longPress(atNs: 2)])
        #expect(presses.all == [1, 2])
    }

    @Test func theThreadRunsTheDriverAndStopsPromptly() throws {
        let presses = Presses()
        let fake = FakeButton(clock: .live)
        let button = try Button(input: fake, activeLow: true, now: fake.nowNs)
        let t = ButtonThread(button: button, isRecording: false, press: presses.press, report: { _ in })
        t.start()
        let at = fake.nowNs()
        fake.press(atNs: at, holdMs: 80, bounceMs: 20)
        let deadline = MonotonicClock.nowNs() + 30_000_000_000
        while t.gesturesHandled.load(ordering: .acquiring) < 1 && MonotonicClock.nowNs() < deadline { usleep(1000) }
        t.stop()
        t.stop()
        #expect(presses.all == [at])
    }

    /// A gpiochip that appears after the recorder started (its driver loaded late): the thread
    /// keeps opening the line, says once that it found it, and the rider's next press counts.
    @Test func aButtonAbsentAtStartIsOpenedWhenItAppears() throws {
        let presses = Presses()
        let reports = Mutex<[String]>([])
        let fake = FakeButton(clock: .live)
        let attempts = Mutex(0)
        let t = ButtonThread(opening: {
            let n = attempts.withLock { $0 += 1; return $0 }
            guard n >= 3 else { throw DeviceError(.gpio, .open, device: "/dev/gpiochip4", errno: .noSuchFile) }
            return try Button(input: fake, activeLow: true, now: fake.nowNs)
        }, isRecording: false, retryS: 0.02, press: presses.press, report: { line in reports.withLock { $0.append(line) } })
        t.start()
        let deadline = MonotonicClock.nowNs() + 30_000_000_000
        while attempts.withLock({ $0 }) < 3 && MonotonicClock.nowNs() < deadline { usleep(1000) }
        while fake.waitCount == 0 && MonotonicClock.nowNs() < deadline { usleep(1000) }
        let at = fake.nowNs()
        fake.press(atNs: at, holdMs: 80, bounceMs: 20)
        while t.gesturesHandled.load(ordering: .acquiring) < 1 && MonotonicClock.nowNs() < deadline { usleep(1000) }
        t.stop()
        let tries = attempts.withLock { $0 }
        let said = reports.withLock { $0 }
        #expect(presses.all == [at])
        #expect(tries == 3)
        // The absence was said by the rig at start; the thread says only that the line is there now.
        #expect(said == ["button fake:gpiochip0 line 17: found; rides can be started and stopped now"])
    }
}
