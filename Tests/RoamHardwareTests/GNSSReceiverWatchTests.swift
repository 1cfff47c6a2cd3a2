import RoamRig
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Foundation
import Testing

/// The receiver's junk watch frames nothing itself: it goes by what the reader that framed each
/// read tells it (`FramingFeedback`), so the UART bytes are framed once, by that reader's stream.
@Suite(.serialized) struct GNSSReceiverWatchTests {
    /// Reads ten times, each read told to have held `sentences` sentences; returns the configuration
    /// runs. A read served from what configuration handed back is no read of the port: ignored.
    static func runs(tellingEachRead sentences: Int) throws -> Int {
        let replayer = try NMEAReplayer()
        try replayer.attach(FakeGNSSModule(family: .casic), idleIntervalMs: 50)
        defer { replayer.unplug() }
        let receiver = replayer.receiver(baud: 115_200, setup: ReceiverSetupTests.quick(.auto, rate: 5))
        // 1 ms without a sentence is junk; a silence cannot happen within the test.
        receiver.watch.junkMs = 1
        receiver.watch.silenceMs = 600_000
        try receiver.reopen()
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<10 {
            usleep(5_000)  // each read comes well after the last configuration ended
            let n = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeoutMs: 500) }
            if n > 0 { receiver.lastReadFramed(sentences: sentences) }
        }
        return receiver.setupRuns.load(ordering: .acquiring)
    }

    @Test func readsToldToHoldNoSentenceAreJunkAndTheReceiverIsConfiguredAgain() throws {
        #expect(try Self.runs(tellingEachRead: 0) >= 2)
    }

    @Test func aConfigurationThatDidNotHelpBacksOff() throws {
        // The second run, asked for by junk just after the first, found the module again: a marginal
        // line, not a lost setting. The next waits the retry time (30 s), not the next junk read.
        #expect(try Self.runs(tellingEachRead: 0) == 2)
    }

    @Test func readsToldToHoldSentencesKeepTheConfiguration() throws {
        #expect(try Self.runs(tellingEachRead: 2) == 1)
    }
}
