import Testing
@testable import RoamCore

/// The configuration frames, byte for byte, against frames derived from the manufacturers'
/// documents: u-blox 8 / M8 Receiver Description UBX-13003221 (frame structure §32.2, checksum
/// §32.4, CFG-PRT/CFG-MSG/CFG-RATE/ACK), MediaTek "PMTK command packet" (251, 220, 314, 001,
/// examples $PMTK001,604,3*32 and $PMTK314,1,1,1,1,1,5,1,1,1,1,1,1,0,1,1,1,1,1,1*2C), and the
/// CASIC protocol specification V4.2 (PCAS01/02/03, example $PCAS03,1,1,1,1,1,1,1,1,0,0,,,1,1,,,,1*33).
@Suite struct ReceiverFrameTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { b in let s = String(b, radix: 16, uppercase: true); return s.count < 2 ? "0" + s : s }.joined(separator: " ")
    }

    @Test func ubxRateAt10HzIsTheDocumentedFrame() {
        // measRate 100 ms = 0x0064, navRate 1, timeRef 1 (GPS); CK over 06 08 06 00 64 00 01 00 01 00.
        #expect(Self.hex(UBX.setRate(hz: 10).bytes) == "B5 62 06 08 06 00 64 00 01 00 01 00 7A 12")
        #expect(Self.hex(UBX.setRate(hz: 1).bytes) == "B5 62 06 08 06 00 E8 03 01 00 01 00 01 39")
    }

    @Test func ubxMessageRateTurnsGSVOff() {
        #expect(Self.hex(UBX.setNMEARate("GSV", rate: 0)!.bytes) == "B5 62 06 01 03 00 F0 03 00 FD 15")
        #expect(UBX.setNMEARate("XYZ", rate: 1) == nil)
    }

    @Test func ubxPortIsUART1At115200With8N1() {
        // mode 0x000008D0 (8 bits, no parity, 1 stop), 115200 = 0x0001C200, UBX+NMEA in and out.
        #expect(Self.hex(UBX.setUARTPort(baud: 115_200).bytes)
            == "B5 62 06 00 14 00 01 00 00 00 D0 08 00 00 00 C2 01 00 03 00 03 00 00 00 00 00 BC 5E")
    }

    @Test func ubxFletcherChecksumOfTheFamiliarAck() {
        #expect(Self.hex(UBX.ack(UBX.setRate(hz: 10), accepted: true).bytes) == "B5 62 05 01 02 00 06 08 16 3F")
        #expect(Self.hex(UBX.ack(UBX.setNMEARate("GGA", rate: 1)!, accepted: false).bytes) == "B5 62 05 00 02 00 06 01 0E 33")
    }

    @Test func ubxScannerFindsFramesAmidNMEAAndDropsBadOnes() {
        var scanner = UBXScanner()
        let ack = UBX.ack(UBX.setRate(hz: 10), accepted: true).bytes
        var corrupt = ack
        corrupt[7] ^= 0xFF
        let input = Array("$GNRMC,junk*00\r\n".utf8) + corrupt + ack + Array("\r\n".utf8)
        let frames = scanner.feed(input)
        #expect(frames.count == 1)
        #expect(scanner.dropped == 1)
        #expect(UBX.acknowledgement(frames[0], of: 0x06, 0x08) == true)
        // An ACK for another message is no answer to this one.
        #expect(UBX.acknowledgement(frames[0], of: 0x06, 0x01) == nil)
        // Fed one byte at a time, the same frame comes out.
        var bytewise = UBXScanner()
        #expect(ack.flatMap { bytewise.feed([$0]) } == frames)
    }

    @Test func pmtkCommandsAndTheDocumentsExamples() {
        #expect(PMTK.setBaud(115_200) == "$PMTK251,115200*1F\r\n")
        #expect(PMTK.setBaud(38_400) == "$PMTK251,38400*27\r\n")
        #expect(PMTK.setRate(hz: 10) == "$PMTK220,100*2F\r\n")
        #expect(PMTK.setOutput(ReceiverSentences.wanted) == "$PMTK314,0,1,0,1,1,0,0,1,0,0,0,0,0,0,0,0,0,0,0*28\r\n")
        #expect(PMTK.queryRelease == "$PMTK605*31\r\n")
        // The checksum rule reproduces the document's own examples.
        #expect(NMEAChecksum.seal("$PMTK314,1,1,1,1,1,5,1,1,1,1,1,1,0,1,1,1,1,1,1").hasSuffix("*2C"))
        #expect(PMTK.ack("$PMTK001,604,3*32") == PMTK.Ack(command: 604, flag: .succeeded))
        #expect(PMTK.ack("$PMTK001,220,1*31") == PMTK.Ack(command: 220, flag: .unsupported))
        #expect(PMTK.ack("$PMTK001,220*00") == nil)
        #expect(PMTK.ack("$GPRMC,1*00") == nil)
    }

    @Test func pcasCommandsAndTheSpecificationsExample() {
        #expect(PCAS.setBaud(115_200) == "$PCAS01,5*19\r\n")
        #expect(PCAS.setBaud(38_400) == "$PCAS01,3*1F\r\n")
        #expect(PCAS.setBaud(230_400) == nil)
        #expect(PCAS.setRate(hz: 10) == "$PCAS02,100*1E\r\n")
        #expect(PCAS.setRate(hz: 1) == "$PCAS02,1000*2E\r\n")
        #expect(NMEAChecksum.seal("$PCAS03,1,1,1,1,1,1,1,1,0,0,,,1,1,,,,1").hasSuffix("*33"))
        // Same 18 fields as the example: GGA on, GLL off, GSA on, GSV off, RMC on, …, GST on.
        #expect(PCAS.setOutput(ReceiverSentences.wanted) == "$PCAS03,1,0,1,0,1,0,0,0,0,0,,,0,1,,,,0*32\r\n")
    }

    @Test func familiesAreRecognisedFromWhatModulesSay() {
        #expect(ReceiverFamily.recognise(sentence: "$GNTXT,01,01,02,u-blox AG - www.u-blox.com*4E") == .ublox)
        #expect(ReceiverFamily.recognise(sentence: "$GPTXT,01,01,02,MA=CASIC*27") == .casic)
        #expect(ReceiverFamily.recognise(sentence: "$GPTXT,01,01,02,IC=AT6558-5N-32-1C510800*4B") == .casic)
        #expect(ReceiverFamily.recognise(sentence: "$PMTK011,MTKGPS*08") == .mtk)
        #expect(ReceiverFamily.recognise(sentence: "$GPRMC,123519,A*00") == nil)
        #expect(ReceiverFamily.recognise(sentence: "$GPTXT,01,01,02,ANTENNA OK*35") == nil)
    }

    /// A CASIC powered up before the board printed its banner long ago: only its answers to PCAS06
    /// name it (CASIC protocol specification V4.2.0.3 §1.6.7; answers from an ATGM332D, an ATGM336H
    /// and a bare AT6558 board as their users published them).
    @Test func aCASICIsRecognisedByItsAnswersToPCAS06() {
        #expect(PCAS.queryVersion == "$PCAS06,0*1B\r\n" && ReceiverFamily.casic.versionQueries == [Array("$PCAS06,0*1B\r\n".utf8)])
        for answer in ["$GPTXT,01,01,02,SW=URANUS5,V5.2.1.0*1D", "$GPTXT,01,01,02,SW=URANUS5,V5.3.0.0*1D",
                       "$GPTXT,01,01,02,SW=URANUS2,V2.2.1.0*1D", "$GPTXT,01,01,02,HW=ATGM332D,0000000000000*1A",
                       "$GPTXT,01,01,02,HW=ATGM336H,0001170603610*17", "$GPTXT,01,01,02,HW=AT6558D,0000000000000"] {
            #expect(ReceiverFamily.recognise(sentence: answer) == .casic, "\(answer)")
        }
        // Other modules' text lines are not CASIC's: a u-blox's banner, an antenna's status, a MediaTek's.
        for other in ["$GNTXT,01,01,02,HW UBX-M8030 00080000*60", "$GNTXT,01,01,02,FWVER=SPG 3.01*46",
                      "$GNTXT,01,01,02,PROTVER=18.00*11", "$GPTXT,01,01,02,MOD=NEO-M8N-0", "$GPTXT,01,01,01,ANTENNA OPEN*25",
                      "$GPTXT,01,01,02,ANTSTATUS=OK"] {
            #expect(ReceiverFamily.recognise(sentence: other) != .casic, "\(other)")
        }
        #expect(ReceiverFamily.recognise(sentence: "$PMTK705,AXN_2.31_3339_13101700,5632,PA6H,1.0") == .mtk)
    }

    @Test func planOrdersBaudFirstAndSkipsItWhenAlreadyThere() {
        let ublox = ReceiverPlan.commands(family: .ublox, fromBaud: 9600, toBaud: 115_200, rateHz: 10)
        #expect(ublox.first?.switchesBaudTo == 115_200)
        #expect(ublox.dropLast().last?.bytes == UBX.setRate(hz: 10).bytes)
        #expect(ublox.last?.bytes == UBX.setDynamicModel(.automotive).bytes)   // last: a refusal leaves the rest set
        #expect(ublox.count == 11)
        #expect(ReceiverPlan.commands(family: .mtk, fromBaud: 115_200, toBaud: 115_200, rateHz: 5).map(\.expect)
            == [.pmtkAck(314), .pmtkAck(220), .pmtkAck(886)])
        #expect(ReceiverPlan.commands(family: .none, fromBaud: 9600, toBaud: 9600, rateHz: 1).isEmpty)
        #expect(ReceiverSentences.minimumBaud(rateHz: 10) == 57_600)
        #expect(ReceiverSentences.minimumBaud(rateHz: 1) == 9600)
    }

    @Test func aUBXOnlyModuleIsTurnedBackToNMEAFirst() {
        // At its own baud an M8 takes the same CFG-PRT (NMEA in the outProtoMask) and acknowledges it.
        let m8 = ReceiverPlan.commands(family: .ublox, fromBaud: 115_200, toBaud: 115_200, rateHz: 10, nmeaOff: true)
        #expect(m8.first?.bytes == UBX.setUARTPort(baud: 115_200).bytes && m8.first?.expect == .ubxAck(0x06, 0x00))
        #expect(m8.count == 11 && m8.first?.switchesBaudTo == nil)
        // Switching baud, the CFG-PRT that switches it already has NMEA on: nothing more is sent.
        #expect(ReceiverPlan.commands(family: .ublox, fromBaud: 9600, toBaud: 115_200, rateHz: 10, nmeaOff: true)
            == ReceiverPlan.commands(family: .ublox, fromBaud: 9600, toBaud: 115_200, rateHz: 10))
        // M10: CFG-UART1OUTPROT-NMEA (key 0x10740002, type L: one byte) = 1, first in the acknowledged CFG-VALSET.
        let m10 = ReceiverPlan.commands(family: .ublox, fromBaud: 115_200, toBaud: 115_200, rateHz: 10, ubloxValueSet: true, nmeaOff: true)
        #expect(m10.count == 2)
        #expect(Self.hex(Array(m10[0].bytes[6..<15])) == "00 01 00 00 02 00 74 10 01")
        #expect(m10[0].expect == .ubxAck(0x06, 0x8A))
    }
}
