import RoamCore
@testable import RoamHardware
import Testing

/// What a set-up hands back ends where its last read ended: past the data (the module's answer came
/// after the burst, so the last epoch was whole, `ReceiverSetupReport.handBackEndsWhole`) or inside
/// it (a burst or a sentence still arriving). A `$` inside a UBX frame begins no sentence.
@Suite struct ReceiverHandBackEndTests {
    static let rmc = Array((NMEAChecksum.seal("$GPRMC,150000.00,A,4757.840,N,00757.000,E,15.6,90.0,140626,,,A") + "\r\n").utf8)
    static let gga = Array((NMEAChecksum.seal("$GPGGA,150000.00,4757.840,N,00757.000,E,1,08,0.9,420.0,M,48.0,M,,") + "\r\n").utf8)
    /// The module's ACK-ACK of CFG-NAV5 (0x06 0x24): its id byte is `$`.
    static let ackOfNAV5 = UBX.ack(UBX.setDynamicModel(.automotive), accepted: true).bytes

    @Test func anAnswerReadAfterTheBurstEndsTheHandBackOnAWholeEpoch() {
        #expect(Self.ackOfNAV5.contains(UInt8(ascii: "$")))
        var handBack = ReceiverHandBack()
        _ = handBack.frame(Self.rmc + Self.gga)
        #expect(!handBack.endsPastData)
        _ = handBack.frame(Self.ackOfNAV5)
        #expect(handBack.endsPastData)
        // The ACK's `$` and the bytes after it are not handed back as a sentence begun.
        #expect(handBack.bytes == Self.rmc + Self.gga)
    }

    @Test func aReadThatBroughtDataOrBeganASentenceEndsInsideTheBurst() {
        var handBack = ReceiverHandBack()
        _ = handBack.frame(Self.rmc + Self.ackOfNAV5)
        _ = handBack.frame(Self.gga)   // the answer, then the burst's GGA (or the next burst's first sentence)
        #expect(!handBack.endsPastData)
        var begun = ReceiverHandBack()
        _ = begun.frame(Self.rmc)
        _ = begun.frame(Self.ackOfNAV5 + Self.gga.prefix(12))   // the next sentence begun: may be the burst's
        #expect(!begun.endsPastData)
        #expect(begun.bytes == Self.rmc + Self.gga.prefix(12))
        // Within its first six bytes a sentence cannot be told from data yet.
        var short = ReceiverHandBack()
        _ = short.frame(Self.rmc)
        _ = short.frame(Array("$GP".utf8))
        #expect(!short.endsPastData)
    }

    @Test func bannersAndJunkAfterTheDataEndItToo() {
        var banner = ReceiverHandBack()
        _ = banner.frame(Self.rmc)
        _ = banner.frame(Array((NMEAChecksum.seal("$GPTXT,01,01,02,ANTENNA OK") + "\r\n").utf8))
        #expect(banner.endsPastData)
        #expect(banner.bytes == Self.rmc)
        var junk = ReceiverHandBack()
        _ = junk.frame(Self.rmc)
        _ = junk.frame([0xB5, 0x62, 0x24, 0x7B, 0x00])   // `${`: no address
        #expect(junk.endsPastData)
        #expect(junk.bytes == Self.rmc)
    }
}
