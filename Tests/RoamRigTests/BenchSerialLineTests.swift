import RoamCore
import RoamHardware
import RoamRig
import RoamSimulator
import Testing

/// The bench's wire orders the host's bytes against its baud changes as a UART does: a command is
/// judged at the baud the host had when it wrote it, however late the module's thread reads it.
@Suite struct BenchSerialLineTests {
    @Test func aCommandWrittenJustBeforeABaudSwitchIsTakenAtTheBaudItWasWrittenAt() throws {
        let replayer = try NMEAReplayer()
        defer { replayer.unplug() }
        let line = try BenchSerialLine(replayer, baud: 9600)
        try replayer.attach(FakeGNSSModule(family: .mtk, silentUntilAsked: true), idleIntervalMs: 100)
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
}
