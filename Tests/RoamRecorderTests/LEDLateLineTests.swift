import RoamPorts
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// An LED whose gpiochip appears after the recorder started: the LED thread's own retry opens
/// the line, the status light comes on, and the recovery is said once (the absence was said by the rig).
@Suite struct LEDLateLineTests {
    @Test func anLEDLineAbsentAtStartLightsWhenItAppears() throws {
        let fake = RecordingLED()
        let attempts = Mutex(0)
        let output = ReopeningDigitalOutput(device: "/dev/gpiochip4 line 27") { () throws(DeviceError) -> any DigitalOutput in
            let n = attempts.withLock { $0 += 1; return $0 }
            guard n >= 2 else { throw DeviceError(.gpio, .open, device: "/dev/gpiochip4", errno: .noSuchFile) }
            return fake
        }
        let reports = Mutex<[String]>([])
        let controller = LEDThread(led: LEDPatternPlayer(output: output, atNs: MonotonicClock.nowNs()), isRecording: false,
                                       clock: MonotonicClock.nowNs, report: { line in reports.withLock { $0.append(line) } })
        try controller.start()
        // The idle pattern lights 30 ms every 3 s: the first try fails, a later one opens the line.
        let deadline = MonotonicClock.nowNs() + 30_000_000_000
        while !fake.changes.contains(where: \.isOn) && MonotonicClock.nowNs() < deadline { usleep(5000) }
        controller.stop()
        #expect(output.isOpen)
        let tries = attempts.withLock { $0 }
        let changes = fake.changes
        let said = reports.withLock { $0 }
        #expect(tries == 2)
        #expect(changes.contains { $0.isOn })
        #expect(changes.last?.isOn == false)   // stop darkens it
        #expect(said == ["led /dev/gpiochip4 line 27: working"])
    }

    /// A line that never appears: its absence was said by the rig, so the LED thread says nothing,
    /// at exit neither (stopping tried to darken it and said the failed open again).
    @Test func anLEDLineThatNeverAppearsIsNotSaidAgainAtStop() throws {
        let output = ReopeningDigitalOutput(device: "/dev/gpiochip4 line 27") { () throws(DeviceError) -> any DigitalOutput in
            throw DeviceError(.gpio, .open, device: "/dev/gpiochip4", errno: .noSuchFile)
        }
        let reports = Mutex<[String]>([])
        let controller = LEDThread(led: LEDPatternPlayer(output: output, atNs: MonotonicClock.nowNs()), isRecording: false,
                                   clock: MonotonicClock.nowNs, report: { line in reports.withLock { $0.append(line) } })
        try controller.start()
        controller.stop()
        #expect(reports.withLock { $0 } == [])
    }
}
