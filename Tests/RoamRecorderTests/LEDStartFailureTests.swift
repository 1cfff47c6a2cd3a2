import RoamSystem
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// An LED thread that cannot start (no thread left): the recorder refuses to start, and the LED,
/// lit or not before, is left dark, with one line saying why.
@Suite struct LEDStartFailureTests {
    @Test func aFailedStartLeavesTheLEDDarkAndSaysWhy() throws {
        let fake = RecordingLED()
        try fake.setLevel(true)   // lit before the recorder: a line left on, or an earlier refresh
        let reports = Mutex<[String]>([])
        let controller = LEDThread(led: LEDPatternPlayer(output: fake, atNs: MonotonicClock.nowNs()), isRecording: true,
                                   clock: MonotonicClock.nowNs, report: { line in reports.withLock { $0.append(line) } },
                                   startThread: { name, _ throws(SystemError) in
                                       throw SystemError("start the thread", name, .wouldBlock, access: .run)
                                   })
        #expect(throws: SystemError.self) { try controller.start() }
        controller.stop()
        #expect(fake.changes.last?.isOn == false, "\(fake.changes)")
        let said = reports.withLock { $0 }
        #expect(said.count == 1 && said.allSatisfy { $0.hasPrefix("led: ") && $0.contains("cannot start the thread roam-led") }, "\(said)")
    }
}
