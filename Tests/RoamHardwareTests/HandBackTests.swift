import Foundation
import RoamCore
@testable import RoamHardware
import Testing

/// What configuration hands to the recorder with the port: the data sentences it heard, and the
/// one still arriving when it stopped, so the recorder's next read completes that sentence.
@Suite struct HandBackTests {
    static func sentence(_ body: String) -> String {
        "$\(body)*\(String(format: "%02X", body.utf8.reduce(UInt8(0), ^)))\r\n"
    }

    static let rmc = sentence("GNRMC,073001.00,A,4757.84000,N,00757.12000,E,14.580,90.00,140626,,,A")
    static let gga = sentence("GNGGA,073001.00,4757.84000,N,00757.12000,E,1,12,0.90,400.0,M,48.9,M,,")

    @Test func aSentenceCutAtTheHandBackIsCompletedByTheNextRead() {
        let cut = Self.rmc.utf8.count / 2
        let heard = Array((Self.sentence("GNTXT,01,01,02,u-blox AG") + Self.gga).utf8) + Array(Self.rmc.utf8.prefix(cut))
        let handed = ReceiverHandBack.dataSentences(heard)
        #expect(handed == Array((Self.gga).utf8) + Array(Self.rmc.utf8.prefix(cut)))
        // The recorder's stream: what configuration handed over, then the port's next bytes.
        var stream = NMEAStream()
        var epochs = stream.feed(handed)
        epochs += stream.feed(Array(Self.rmc.utf8.dropFirst(cut)) + Array(Self.sentence("GNGGA,073002.00,,,,,0,00,99.99,,,,,,").utf8))
        epochs += stream.finish()
        #expect(stream.counters.rejectedTotal == 0)
        #expect(epochs.first?.sentences.map { String($0.prefix(6)) } == ["$GNGGA", "$GNRMC"])
    }

    @Test func aBannerOrAnAnswerCutAtTheHandBackIsNotKept() {
        for talk in [Self.sentence("GNTXT,01,01,02,PROTVER=18.00"), Self.sentence("PUBX,41,1,0007,0003,115200,0")] {
            let heard = Array(Self.gga.utf8) + Array(talk.utf8.prefix(12))
            #expect(ReceiverHandBack.dataSentences(heard) == Array(Self.gga.utf8), "\(talk)")
        }
        // Binary after the last sentence (a UBX ACK), or junk without a `$`, is no sentence begun. (Junk
        // that holds a `$` is passed on, and the recorder's framer rejects it as it does any junk.)
        #expect(ReceiverHandBack.dataSentences(Array(Self.gga.utf8) + [0xB5, 0x62, 0x05, 0x01, 0x02]) == Array(Self.gga.utf8))
        #expect(ReceiverHandBack.dataSentences(Array(Self.gga.utf8) + Array("x\u{7f}qz".utf8)) == Array(Self.gga.utf8))
        // Cut before its kind shows, a sentence is passed on: it may be data.
        #expect(ReceiverHandBack.dataSentences(Array(Self.gga.utf8) + Array("$GN".utf8)) == Array(Self.gga.utf8) + Array("$GN".utf8))
    }
}
