import RoamPorts
import RoamSimulator
import RoamCore
import Testing
@testable import RoamHardware

/// The real `Button` driver against `FakeButton` on a simulated clock: edges come with kernel-style
/// timestamps, waits advance virtual time, so debouncing and long presses are exact and instant.
@Suite struct ButtonDriverTests {
    static let ms: UInt64 = 1_000_000
    let fake = FakeButton(idleLevel: true, clock: .simulated(startNs: 1_000 * ms))

    func driver() throws -> Button {
        try Button(input: fake, activeLow: true, now: fake.nowNs)
    }

    /// Runs the driver until virtual time passes `untilMs`, collecting gestures.
    func gestures(_ button: Button, untilMs: UInt64) throws -> [ButtonGesture.Gesture] {
        var out: [ButtonGesture.Gesture] = []
        while fake.nowNs() < untilMs * Self.ms { out += try button.next(maxWaitMs: 1000) }
        return out
    }

    @Test func aPressBouncingFor20msOnBothEdgesIsOnePress() throws {
        let button = try driver()
        fake.press(atNs: 2_000 * Self.ms, holdMs: 200, bounceMs: 20)
        #expect(try gestures(button, untilMs: 3_000) == [.press(atNs: 2_000 * Self.ms)])
        #expect(!button.isPressed)
    }

    @Test func holdingTheButtonIsOneLongPressAtTwoSeconds() throws {
        let button = try driver()
        fake.press(atNs: 2_000 * Self.ms, holdMs: 5_000, bounceMs: 20)
        var out: [ButtonGesture.Gesture] = []
        while fake.nowNs() < 10_000 * Self.ms {
            let got = try button.next(maxWaitMs: 1000)
            if !got.isEmpty { #expect(fake.nowNs() >= 4_000 * Self.ms && fake.nowNs() < 4_100 * Self.ms) }
            out += got
        }
        #expect(out == [.longPress(atNs: 2_000 * Self.ms)])
    }

    @Test func activeHighWiringIsReadTheOtherWayRound() throws {
        let high = FakeButton(idleLevel: false, clock: .simulated(startNs: 0))
        let button = try Button(input: high, activeLow: false, now: high.nowNs)
        high.press(atNs: 500 * Self.ms, holdMs: 100, bounceMs: 10)
        var out: [ButtonGesture.Gesture] = []
        while high.nowNs() < 2_000 * Self.ms { out += try button.next(maxWaitMs: 1000) }
        #expect(out == [.press(atNs: 500 * Self.ms)])
    }

    @Test func edgesTheKernelDroppedAreRepairedFromTheLevel() throws {
        let button = try driver()
        // Press with bounce, release with bounce whose final rising edge is lost (queue overflow).
        let press = FakeButton.bounce(at: 2_000 * Self.ms, to: false, forMs: 20)
        let release = FakeButton.bounce(at: 2_300 * Self.ms, to: true, forMs: 20)
        fake.script(press + release, lost: [press.count + release.count - 1])
        #expect(try gestures(button, untilMs: 3_000) == [.press(atNs: 2_000 * Self.ms)])
        #expect(!button.isPressed)
    }

    @Test func aButtonHeldWhenTheRecorderStartsIsNotAPress() throws {
        fake.script([DigitalEdge(timestampNs: 500 * Self.ms, isRising: false)])  // held since before
        let button = try driver()
        #expect(button.isPressed)
        fake.script([DigitalEdge(timestampNs: 4_000 * Self.ms, isRising: true)])
        #expect(try gestures(button, untilMs: 5_000).isEmpty)
        fake.press(atNs: 6_000 * Self.ms, holdMs: 100)
        #expect(try gestures(button, untilMs: 7_000) == [.press(atNs: 6_000 * Self.ms)])
    }

    @Test func anIdleButtonWaitsInLongStretchesNotInASpin() throws {
        let button = try driver()
        _ = try gestures(button, untilMs: 61_000)
        // One wait per second of maxWaitMs: the thread sleeps in the kernel, never polls.
        #expect(fake.waitCount == 60)
    }

    @Test func aFailingLineIsADeviceErrorNamingIt() throws {
        let button = try driver()
        fake.failNextWait(.noSuchDevice)
        #expect {
            _ = try button.next(maxWaitMs: 100)
        } throws: { error in
            let e = error as? DeviceError
            return e?.kind == .gpio && e?.errno == .noSuchDevice && e!.description.contains("fake:gpiochip0 line 17")
        }
        // The next wait works again.
        #expect(try button.next(maxWaitMs: 100).isEmpty)
    }
}
