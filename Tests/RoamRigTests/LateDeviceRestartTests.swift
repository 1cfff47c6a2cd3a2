import RoamPorts
import RoamSystem
import Glibc
import RoamHardware
@testable import RoamRig
import Synchronization
import Testing

/// A device absent at start and refused (EPERM) once it appears: under systemd the unit's
/// DeviceAllow= left it out, so the recorder says so once and stops for Restart= to start it again.
/// Anything else, or an EPERM at start (a configuration error), is left to the rig's retries.
@Suite struct LateDeviceRestartTests {
    final class Log: Sendable {
        let lines = Mutex<[String]>([])
        let stops = Atomic<Int>(0)
    }

    func restart(_ log: Log) -> LateDeviceRestart {
        LateDeviceRestart(report: { line in log.lines.withLock { $0.append(line) } }, stop: { log.stops.add(1, ordering: .relaxed) })
    }

    func open(_ late: LateDeviceRestart, _ errno: Errno) {
        #expect(throws: DeviceError.self) {
            try LateDeviceRestart.opening(late, "button") { () throws(DeviceError) -> Int in
                throw DeviceError(.gpio, .open, device: "/dev/roam-gpiochip", errno: errno)
            }
        }
    }

    @Test func aLateDeviceRefusedByTheUnitStopsTheRecorderOnceAndSaysWhy() {
        let log = Log()
        let late = restart(log)
        late.arm()
        open(late, .notPermitted)
        open(late, .notPermitted)   // the button thread's next retry, or the LED's: still one stop
        #expect(log.stops.load(ordering: .relaxed) == 1)
        let lines = log.lines.withLock { $0 }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("button: /dev/roam-gpiochip appeared after the recorder started") == true)
        #expect(lines.first?.contains("DeviceAllow=") == true && lines.first?.contains("Restart=") == true)
    }

    @Test func aDeviceStillMissingIsRetriedNotRestarted() {
        let log = Log()
        let late = restart(log)
        late.arm()
        open(late, .noSuchFile)
        #expect(log.stops.load(ordering: .relaxed) == 0 && log.lines.withLock { $0 }.isEmpty)
    }

    @Test func anEPERMAtStartIsTheRigsConfigurationErrorNotARestart() {
        let log = Log()
        let late = restart(log)
        open(late, .notPermitted)   // not armed: the rig is still opening its devices
        #expect(log.stops.load(ordering: .relaxed) == 0 && log.lines.withLock { $0 }.isEmpty)
    }

    @Test func outsideSystemdNothingRestartsTheRecorder() {
        // This test process is no systemd service unless INVOCATION_ID says so.
        #expect((LateDeviceRestart.underSystemd { _ in } == nil) == (getenv("INVOCATION_ID") == nil))
    }
}
