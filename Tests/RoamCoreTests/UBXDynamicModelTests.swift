import Testing
@testable import RoamCore

/// The dynamic platform model frames, byte for byte, against frames derived by hand from the documents:
/// CFG-NAV5 (0x06 0x24, 36 bytes: mask U2, dynModel U1, then fields the mask leaves alone) from the
/// u-blox 8 / M8 Receiver Description UBX-13003221 §32.10.19.1 (same layout in the u-blox 6 protocol,
/// GPS.G6-SW-10018, "CFG-NAV5"); CFG-VALSET of CFG-NAVSPG-DYNMODEL 0x20110021 (E1) from the u-blox M10
/// SPG 5.10 Interface Description UBX-21035062, "CFG-NAVSPG"; PMTK886 FR_MODE from the MediaTek
/// "PMTK command packet" (answer PMTK001,886,flag). Checksums: UBX §32.4 (8-bit Fletcher over class,
/// id, length, payload), NMEA XOR between '$' and '*'.
@Suite struct UBXDynamicModelTests {
    let hex = ReceiverFrameTests.hex

    @Test func nav5AutomotiveIsTheDocumentedFrame() {
        // 06 24 24 00 | 01 00 (mask: dyn) 04 (automotive) 00 + 32 zero bytes; CK_A 0x53, CK_B 0x70.
        let zeros = Array(repeating: "00", count: 32).joined(separator: " ")
        #expect(hex(UBX.setDynamicModel(.automotive).bytes) == "B5 62 06 24 24 00 01 00 04 00 \(zeros) 53 70")
        // Airborne <1g (6) gives 55 B4: the same frame as published with u-blox 7/8 high-altitude examples.
        #expect(hex(UBX.setDynamicModel(.airborne1g).bytes) == "B5 62 06 24 24 00 01 00 06 00 \(zeros) 55 B4")
        #expect(UBX.setDynamicModel(.automotive).payload.count == 36)
    }

    @Test func nav5AcknowledgementsAndName() {
        let nav5 = UBX.setDynamicModel(.automotive)
        #expect(hex(UBX.ack(nav5, accepted: true).bytes) == "B5 62 05 01 02 00 06 24 32 5B")
        #expect(hex(UBX.ack(nav5, accepted: false).bytes) == "B5 62 05 00 02 00 06 24 31 56")
        var scanner = UBXScanner()
        let frames = scanner.feed(UBX.ack(nav5, accepted: false).bytes)
        #expect(UBX.acknowledgement(frames[0], of: 0x06, 0x24) == false)
        #expect(nav5.name == "CFG-NAV5")
    }

    @Test func nav5PayloadReadsBackItsModel() {
        #expect(UBX.dynamicModel(inNAV5: UBX.setDynamicModel(.pedestrian).payload) == .pedestrian)
        var unmasked = UBX.setDynamicModel(.automotive).payload
        unmasked[0] = 0
        #expect(UBX.dynamicModel(inNAV5: unmasked) == nil)
        #expect(UBX.dynamicModel(inNAV5: [0x01, 0x00, 0x04]) == nil)   // cut short
    }

    @Test func valueSetOfDynamicModelIsTheDocumentedFrame() {
        // 06 8A 09 00 | 00 (version) 01 (RAM) 00 00 | 21 00 11 20 (key, little-endian) | 04.
        #expect(hex(UBX.setDynamicModelValue(.automotive).bytes) == "B5 62 06 8A 09 00 00 01 00 00 21 00 11 20 04 F0 4D")
        // Airborne <1g: F2 4F, as in published M9/M10 high-altitude examples.
        #expect(hex(UBX.setDynamicModelValue(.airborne1g).bytes) == "B5 62 06 8A 09 00 00 01 00 00 21 00 11 20 06 F2 4F")
        #expect(UBXConfigItem(UBXConfigKey.dynamicModel, 4).valueSize == 1)
        #expect(UBX.values(in: UBX.setDynamicModelValue(.automotive).payload) == [UBXConfigItem(0x2011_0021, 4)])
    }

    @Test func pmtkNavigationModeAndItsAnswer() {
        #expect(PMTK.setNavigationMode(.normal) == "$PMTK886,0*28\r\n")
        #expect(PMTK.setNavigationMode(.fitness) == "$PMTK886,1*29\r\n")
        #expect(PMTK.setNavigationMode(.balloon) == "$PMTK886,3*2B\r\n")
        #expect(PMTK.ack("$PMTK001,886,3*36") == PMTK.Ack(command: 886, flag: .succeeded))
        #expect(PMTK.ack("$PMTK001,886,1*34") == PMTK.Ack(command: 886, flag: .unsupported))
        #expect(PMTK.bicycleMode == .normal)
    }

    @Test func everyPlanEndsWithItsFamilysModelAndNeverDependsOnIt() {
        let m8 = ReceiverPlan.commands(family: .ublox, fromBaud: 9600, toBaud: 9600, rateHz: 1)
        #expect(m8.last?.expect == .ubxAck(0x06, 0x24) && m8.last?.essential == false)
        #expect(m8.dropLast().filter { !$0.essential }.isEmpty)
        let m10 = ReceiverPlan.commands(family: .ublox, fromBaud: 9600, toBaud: 9600, rateHz: 1, ubloxValueSet: true)
        #expect(m10.last?.what == "CFG-VALSET NAVSPG-DYNMODEL automotive" && m10.last?.essential == false)
        let mtk = ReceiverPlan.commands(family: .mtk, fromBaud: 9600, toBaud: 9600, rateHz: 1)
        #expect(mtk.last?.bytes == Array("$PMTK886,0*28\r\n".utf8) && mtk.last?.essential == false)
        // CASIC: PCAS11 last, unacknowledged like every PCAS, and the ride does without it.
        let casic = ReceiverPlan.commands(family: .casic, fromBaud: 9600, toBaud: 9600, rateHz: 1)
        #expect(casic.map(\.what) == ["PCAS03 RMC, GGA, GSA, GST", "PCAS02 1000 ms", "PCAS11 dynamic model automotive"])
        #expect(casic.last?.bytes == Array("$PCAS11,3*1E\r\n".utf8) && casic.last?.essential == false && casic.last?.expect == .nothing)
        #expect(casic.dropLast().filter { !$0.essential }.isEmpty)
    }

    /// `$PCAS11,<dyModel>`, numbered as CFG-NAVX's dyModel (CASIC protocol specification V4.2.0.3
    /// §2.11.8 Remark [2]); the checksums worked out by hand: P^C^A^S^1^1^,^3 = 0x1E.
    @Test func aCASICIsAskedForTheAutomotiveModelByPCAS11() {
        #expect(PCAS.bicycleModel == .automotive && PCAS.DynamicModel.automotive.rawValue == 3)
        #expect(PCAS.setDynamicModel(.automotive) == "$PCAS11,3*1E\r\n")
        #expect(PCAS.setDynamicModel(.pedestrian) == "$PCAS11,2*1F\r\n")
        #expect(PCAS.setDynamicModel(.portable) == "$PCAS11,0*1D\r\n")
        #expect(PCAS.setDynamicModel(.airborne1g) == "$PCAS11,5*18\r\n")   // as high-altitude boards send it
        #expect(PCAS.DynamicModel.allCases.map(\.rawValue) == Array(0...7))
    }

    @Test func aNEO6IsClampedTo5HzAndSaysSo() throws {
        let u6 = try #require(UBXVersion(monVer: UBXConfigurationTests.monVer([("7.03 (45969)", 30), ("00040007", 10)])))
        let limit = try #require(ReceiverRateLimit(ublox: u6))
        #expect(limit.rate(forBoard: 10) == 5 && limit.rate(forBoard: 2) == 2)
        #expect(limit.clampNote(boardHz: 10)
            == "u-blox 6 (hardware 00040007) is rated to 5 Hz (NEO-6 data sheet); recording at 5 Hz, not the board's 10 Hz")
        #expect(limit.clampNote(boardHz: 5) == nil)
        let m8 = try #require(UBXVersion(monVer: UBXConfigurationTests.monVer([("ROM CORE 3.01 (107888)", 30), ("00080000", 10)])))
        #expect(ReceiverRateLimit(ublox: m8) == nil)
    }
}
