import Testing
@testable import RoamCore

/// The generation 9 configuration interface, byte for byte against frames derived from the u-blox
/// M10 SPG 5.10 Interface Description (UBX-21035062): CFG-VALSET (0x06 0x8A) with version 0, layer
/// RAM (0x01), two reserved bytes, then key (little-endian U4) and value sized by the key's bits 30…28;
/// keys CFG-RATE-MEAS 0x30210001 (U2), CFG-UART1-BAUDRATE 0x40520001 (U4),
/// CFG-MSGOUT-NMEA_ID_GSV_UART1 0x209100C5 (U1). MON-VER: 30 + 10 bytes, then 30-byte extensions.
@Suite struct UBXConfigurationTests {
    let hex = ReceiverFrameTests.hex

    @Test func measurementRateOf100msIsTheDocumentedFrame() {
        let frame = UBX.setValues([UBXConfigItem(UBXConfigKey.rateMeasMs, 100)])
        // CK over 06 8A 0A 00 | 00 01 00 00 | 01 00 21 30 | 64 00.
        #expect(hex(frame.bytes) == "B5 62 06 8A 0A 00 00 01 00 00 01 00 21 30 64 00 51 B9")
    }

    @Test func uartBaudIsFourBytesLittleEndian() {
        let frame = UBX.setValues([UBXConfigItem(UBXConfigKey.uart1Baud, 115_200)])
        #expect(hex(frame.bytes) == "B5 62 06 8A 0C 00 00 01 00 00 01 00 52 40 00 C2 01 00 F3 A5")
    }

    @Test func valueSizesFollowTheKeysSizeBits() {
        #expect(UBXConfigItem(UBXConfigKey.nmeaOnUART1["GSV"]!, 0).bytes == [0xC5, 0x00, 0x91, 0x20, 0x00])
        #expect(UBXConfigItem(0x1011_0025, 1).valueSize == 1)   // an L (one bit) key takes one byte
        #expect(UBXConfigItem(0x5000_0001, 1).valueSize == 8)
        #expect(UBXConfigItem(0x6000_0001, 1).valueSize == nil)  // size 6 and 7 are not defined
    }

    @Test func valuesRoundTripAndRefuseWhatWasCutShort() {
        let items = [UBXConfigItem(UBXConfigKey.uart1Baud, 230_400), UBXConfigItem(UBXConfigKey.rateMeasMs, 100),
                     UBXConfigItem(UBXConfigKey.nmeaOnUART1["RMC"]!, 1)]
        let payload = UBX.setValues(items).payload
        #expect(UBX.values(in: payload) == items)
        #expect(UBX.values(in: Array(payload.dropLast())) == nil)
        #expect(UBX.values(in: [0x01] + payload.dropFirst()) == nil)   // version 1 is a transaction: not ours
    }

    @Test func generation9PlanSendsBaudThenOneAcknowledgedValueSet() {
        let plan = ReceiverPlan.commands(family: .ublox, fromBaud: 9600, toBaud: 115_200, rateHz: 10, ubloxValueSet: true)
        #expect(plan.count == 3)
        #expect(plan[2].bytes == UBX.setDynamicModelValue(.automotive).bytes && !plan[2].essential)
        #expect(plan[0].switchesBaudTo == 115_200 && plan[0].expect == .nothing)
        #expect(plan[1].expect == .ubxAck(0x06, 0x8A))
        var scanner = UBXScanner()
        let items = UBX.values(in: scanner.feed(plan[1].bytes).first?.payload ?? [])
        #expect(items?.contains(UBXConfigItem(UBXConfigKey.rateMeasMs, 100)) == true)
        #expect(items?.contains(UBXConfigItem(UBXConfigKey.nmeaOnUART1["GSV"]!, 0)) == true)
        #expect(items?.contains(UBXConfigItem(UBXConfigKey.nmeaOnUART1["GST"]!, 1)) == true)
        let noBaud = ReceiverPlan.commands(family: .ublox, fromBaud: 115_200, toBaud: 115_200, rateHz: 5, ubloxValueSet: true)
        #expect(noBaud.count == 2)
    }

    static func monVer(_ parts: [(String, Int)]) -> UBXFrame {
        UBXFrame(UBX.classMON, 0x04, payload: parts.flatMap { text, width in
            Array(text.utf8) + [UInt8](repeating: 0, count: width - text.utf8.count)
        })
    }

    @Test func monVerTellsTheGenerations() {
        let m10 = UBXVersion(monVer: Self.monVer([("ROM SPG 5.10 (7b202e)", 30), ("000A0000", 10),
                                                  ("FWVER=SPG 5.10", 30), ("PROTVER=34.10", 30), ("MOD=MAX-M10S", 30)]))
        #expect(m10?.hardware == "000A0000")
        #expect(m10?.protocolVersion == 34.1)
        #expect(m10?.takesValueSet == true)
        #expect(m10?.summary == "MAX-M10S, protocol 34.10")
        let m8 = UBXVersion(monVer: Self.monVer([("ROM CORE 3.01 (107888)", 30), ("00080000", 10), ("PROTVER 18.00", 30)]))
        #expect(m8?.protocolVersion == 18 && m8?.takesValueSet == false)
        // A u-blox 6 gives no extensions: the old messages.
        let u6 = UBXVersion(monVer: Self.monVer([("7.03 (45969)", 30), ("00040007", 10)]))
        #expect(u6?.protocolVersion == nil && u6?.takesValueSet == false)
        #expect(UBXVersion(monVer: UBXFrame(UBX.classMON, 0x04, payload: [0x41])) == nil)   // truncated
    }
}
