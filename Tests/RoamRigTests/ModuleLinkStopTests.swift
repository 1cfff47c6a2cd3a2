import Foundation
import Glibc
@testable import RoamHardware
import RoamRig
import RoamSimulator
import RoamSystem
import Testing

/// `NMEAReplayer.unplug` stops the bench module's link and joins its thread. A host that holds the
/// secondary but has stopped reading fills the pty with the module's banners; the link then waits
/// for room, and unplug (which holds a descriptor of the secondary itself) must still return.
@Suite struct ModuleLinkStopTests {
    @Test func unplugReturnsWhileTheLinkWaitsForRoomInAPtyNobodyReads() throws {
        let replayer = try NMEAReplayer()
        try replayer.attach(FakeGNSSModule(family: .mtk), idleIntervalMs: 1)
        let host = try SerialPort(path: replayer.secondaryPath, baud: 9600)
        // Until the link's banners have filled what the kernel holds and it waits for room (60 s at
        // most): nothing reads, so once there it stays, or comes back at its next banner.
        let started = MonotonicClock.nowNs()
        while replayer.pty.roomWaits == 0 && MonotonicClock.nowNs() - started < 60_000_000_000 { usleep(1000) }
        #expect(replayer.pty.roomWaits > 0, "the link never filled the pty")
        let unplugged = DispatchSemaphore(value: 0)
        let stopping = try SystemThread(name: "test-unplug") { replayer.unplug(); unplugged.signal() }
        let returned = unplugged.wait(timeout: .now() + 60) == .success
        #expect(returned, "unplug did not return: the link thread waits for room in the pty")
        if !returned {
            // Release it by reading, so the failure is said instead of hanging the run.
            var buffer = [UInt8](repeating: 0, count: 4096)
            while unplugged.wait(timeout: .now()) == .timedOut {
                _ = try? buffer.withUnsafeMutableBytes { try host.read(into: $0, timeoutMs: 100) }
            }
        }
        stopping.join()
        withExtendedLifetime(host) {}
    }
}
