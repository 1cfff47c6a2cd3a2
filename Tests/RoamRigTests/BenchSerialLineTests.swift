import RoamCore
import RoamHardware
import RoamRig
import RoamSimulator
import Foundation
import Glibc
import Testing

/// The bench's wire orders the host's bytes against its baud changes as a UART does: a command is
/// judged at the baud the host had when it wrote it, however late the module's thread reads it.
@Suite struct BenchSerialLineTests {
    @Test func aCommandWrittenJustBeforeABaudSwitchIsTakenAtTheBaudItWasWrittenAt() throws {
        let replayer = try NMEAReplayer()
        defer { replayer.unplug() }
        let line = try BenchSerialLine(replayer, baud: 9600)
        replayer.attach(FakeGNSSModule(family: .mtk, silentUntilAsked: true), idleIntervalMs: 100)
        // The host's order on a board: PMTK251 at 9600, the switch, a query at 115200, no pause between.
        try line.write(Array(PMTK.setBaud(115_200).utf8))
        try line.setBaud(115_200)
        try line.write(Array(PMTK.queryRelease.utf8))
        let module = replayer.module!.state
        #expect(module.accepted == ["PMTK251 115200"] && module.baud == 115_200, "module took \(module.accepted) at \(module.baud)")
        // The query, written after the switch, was taken at 115200: its answer comes at 115200.
        var heard = [UInt8](), buffer = [UInt8](repeating: 0, count: 256)
        for _ in 0..<5 where !String(decoding: heard, as: UTF8.self).contains("$PMTK705,") {
            let n = try buffer.withUnsafeMutableBytes { try line.read(into: $0, timeoutMs: 1000) }
            heard += buffer[0..<n]
        }
        #expect(String(decoding: heard, as: UTF8.self).contains("$PMTK705,AXN_2.31"), "heard \(heard)")
    }

    /// A capture replay that filled the pty holds the module's answer to one command behind it; the
    /// host's next command must still be judged at the baud it was written at, not after the host's
    /// wait gave up: the host reads while it waits, so the replay, the answer and the module go on.
    @Test func aCommandWrittenWhileAReplayFillsThePtyIsTakenAtTheBaudItWasWrittenAt() throws {
        let replayer = try NMEAReplayer()
        defer { replayer.unplug() }
        let line = try BenchSerialLine(replayer, baud: 9600)
        replayer.attach(FakeGNSSModule(family: .mtk), idleIntervalMs: 100)
        let link = replayer.module!
        link.idle.store(false, ordering: .releasing)
        link.verbatim.store(true, ordering: .releasing)
        // Far more than a pty holds (64 KiB), from a thread of its own: it blocks once the pty is full.
        let sentence = Array((NMEAChecksum.seal("$GPGGA,120000.00,4800.0000,N,01100.0000,E,1,08,1.0,500.0,M,47.0,M,,") + "\r\n").utf8)
        let capture = Array([[UInt8]](repeating: sentence, count: 4000).joined())
        let replayed = DispatchSemaphore(value: 0)
        Thread { _ = try? replayer.replay(capture: capture); replayed.signal() }.start()
        guard case .descriptor(let primary) = replayer.pty.readiness else { Issue.record("no pty"); return }
        var room = pollfd(fd: primary, events: Int16(POLLOUT), revents: 0)
        for _ in 0..<10_000 where poll(&room, 1, 0) == 1 { usleep(1000) }
        #expect(poll(&room, 1, 0) == 0, "the replay never filled the pty")

        // Taken at once; its PMTK001 waits behind the replay's bytes, and the link with it.
        try line.write(Array(PMTK.setOutput(ReceiverSentences.wanted).utf8))
        try line.write(Array(PMTK.setBaud(115_200).utf8))
        try line.setBaud(115_200)
        let module = link.state
        #expect(module.accepted == ["PMTK314", "PMTK251 115200"] && module.baud == 115_200, "module took \(module.accepted) at \(module.baud)")

        // The rest of the replay read, so its thread ends.
        var buffer = [UInt8](repeating: 0, count: 4096)
        while replayed.wait(timeout: .now()) == .timedOut {
            _ = try buffer.withUnsafeMutableBytes { try line.read(into: $0, timeoutMs: 100) }
        }
    }
}
