import RoamRig
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Foundation
import Testing

/// P3, P5: a sensor thread starved of CPU (a loaded Pi) reads late, and finds seconds of epochs
/// waiting in the tty. That is no silence: the module never stopped. The receiver must not set the
/// module up again (its probing at other bauds throws away the epochs it reads as junk).
@Suite(.serialized) struct GNSSReceiverLateReaderTests {
    /// An RMC and a GGA at 07:30 plus `centiseconds`.
    static func epoch(centiseconds: Int) -> [UInt8] {
        let time = String(format: "0730%02d.%02d", centiseconds / 100, centiseconds % 100)
        return Array((HandBackTests.sentence("GNRMC,\(time),A,4757.84000,N,00757.12000,E,14.580,90.00,140626,,,A")
            + HandBackTests.sentence("GNGGA,\(time),4757.84000,N,00757.12000,E,1,12,0.90,400.0,M,48.9,M,,")).utf8)
    }

    @Test func bytesThatWaitedForALateReaderAreNoSilence() throws {
        let replayer = try NMEAReplayer()
        try replayer.attach(FakeGNSSModule(family: .casic), idleIntervalMs: 50)
        defer { replayer.unplug() }
        let receiver = replayer.receiver(baud: 115_200, setup: ReceiverSetupTests.quick(.auto, rate: 5))
        try receiver.reopen()
        receiver.configureNow()
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 1)
        let module = try #require(replayer.module)
        // From now on only the epochs below are on the line, byte for byte.
        module.idle.store(false, ordering: .releasing)
        module.verbatim.store(true, ordering: .releasing)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var stream = NMEAStream()
        var epochs: [Epoch] = []
        func read(timeoutMs: Int32) throws -> Int {
            let framedBefore = stream.sentencesFramed
            let n = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeoutMs: timeoutMs) }
            guard n > 0 else { return 0 }
            epochs += stream.feed(buffer[0..<n])
            receiver.lastReadFramed(sentences: stream.sentencesFramed - framedBefore)
            return n
        }
        // The banners sent before: read until the line stays empty for 300 ms.
        while try read(timeoutMs: 300) > 0 {}
        stream = NMEAStream()
        epochs = []
        // Epoch 0 read as it comes, then 18 more at 5 Hz while the reader is held for 3.6 s.
        var written = 0, taken = 0
        func send(_ index: Int) throws {
            let bytes = Self.epoch(centiseconds: index * 20)
            try replayer.write(bytes)
            written += bytes.count
        }
        try send(0)
        while taken < written { taken += try read(timeoutMs: 2000) }
        for index in 1...18 {
            try send(index)
            usleep(200_000)  // the module's own cadence while the reader is held: the load, not a synchronisation
        }
        // The late reader takes everything that waited, as fast as it can.
        while taken < written {
            let n = try read(timeoutMs: 2000)
            #expect(n > 0, "the bytes written were there to read")
            if n == 0 { break }
            taken += n
        }
        receiver.configureNow()
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 1, "no set-up again: the module never stopped sending")
        #expect(receiver.setupAgain == nil)
        epochs += stream.finish()
        #expect(epochs.count == 19)
        #expect(stream.counters.rejectedTotal == 0)
    }
}
