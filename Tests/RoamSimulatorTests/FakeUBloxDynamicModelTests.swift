import RoamCore
import RoamSimulator
import Testing

/// The fake u-blox answers the dynamic model as the part does: ACK-ACK for a value its interface
/// description lists, ACK-NAK for one it does not (before, it took any value the enum names, `bike`
/// included, which no generation the bench simulates offers: docs/RECEIVERS.md).
@Suite struct FakeUBloxDynamicModelTests {
    /// The frame each part is set with: CFG-NAV5 on a NEO-6 and an M8, CFG-VALSET on an M10.
    static func frame(_ model: UBXDynamicModel, for part: FakeGNSSModule.UBloxModel) -> UBXFrame {
        part == .m10 ? UBX.setDynamicModelValue(model) : UBX.setDynamicModel(model)
    }

    @Test(arguments: [FakeGNSSModule.UBloxModel.neo6, .m8, .m10])
    func itAcknowledgesTheModelsItKnowsAndRefusesTheOthers(_ part: FakeGNSSModule.UBloxModel) {
        for model in UBXDynamicModel.allCases {
            var module = FakeGNSSModule(family: .ublox, ubloxModel: part)
            let frame = Self.frame(model, for: part)
            let known = part.knownDynamicModels.contains(model.rawValue)
            let reply = module.receive(frame.bytes, hostBaud: module.baud).reply
            #expect(reply == UBX.ack(frame, accepted: known).bytes, "\(part) \(model.name)")
            #expect(module.dynamicModel == (known ? Int(model.rawValue) : nil), "\(part) \(model.name)")
        }
    }

    @Test func noPartTheBenchSimulatesTakesTheBikeValueAndAllTakeAutomotive() {
        for part in [FakeGNSSModule.UBloxModel.neo6, .m8, .m10] {
            var module = FakeGNSSModule(family: .ublox, ubloxModel: part)
            let bike = Self.frame(.bike, for: part), automotive = Self.frame(.automotive, for: part)
            #expect(module.receive(bike.bytes, hostBaud: module.baud).reply == UBX.ack(bike, accepted: false).bytes, "\(part)")
            #expect(module.receive(automotive.bytes, hostBaud: module.baud).reply == UBX.ack(automotive, accepted: true).bytes, "\(part)")
            #expect(module.dynamicModel == 4)
        }
        // A NEO-6 (u-blox 6 protocol) has no wrist model either: it came with protocol 18.
        var neo6 = FakeGNSSModule(family: .ublox, ubloxModel: .neo6)
        let wrist = Self.frame(.wrist, for: .neo6)
        #expect(neo6.receive(wrist.bytes, hostBaud: neo6.baud).reply == UBX.ack(wrist, accepted: false).bytes)
    }
}
