import Foundation
import RoamCore
import RoamSimulator
@testable import RoamStore
import Testing

/// The ride row is rewritten with every batch; packed, it must fit one 1 KiB page whatever the
/// state of the ride, and give back exactly the JSON it was made of.
@Suite struct PackedRideRowTests {
    /// SQLite keeps up to 989 bytes of a row in a 1 KiB table leaf (usable size - 35); the totals
    /// and keys around the two packed columns take about 200.
    static let rowBudget = 989

    @Test(arguments: [true, false])
    func everyStateOfTheBenchRidePacksSmallAndUnpacksToTheSameJSON(barometer: Bool) throws {
        let json = PipelineJSON()
        var pipeline = RidePipeline(rideID: 1, state: PipelineState(), parameters: PipelineParameters())
        var largest = 0, compared = 0
        for (i, input) in RideSimulation().sensorEpochs(barometer: barometer).enumerated() {
            _ = pipeline.process(input)
            guard i % 5 == 0 else { continue }
            let packed = try json.packed(pipeline.state, .pipelineState1)
            #expect(packed.count % PackedText.rowStep == 0)
            #expect(try PackedText.unpack(packed) == (try json.encode(pipeline.state)), "epoch \(i)")
            largest = max(largest, packed.count)
            compared += 1
        }
        #expect(compared > 400)
        let parameters = try json.packed(PipelineParameters(), .parameters1)
        print("largest packed state \(largest) B, parameters \(parameters.count) B (JSON: \(try json.encode(pipeline.state).utf8.count) B)")
        #expect(largest + parameters.count + 250 <= Self.rowBudget)
    }

    @Test("The preset dictionaries are the ones stored values were packed against")
    func dictionariesArePinned() {
        // Changing a dictionary makes every ride packed against it unreadable: add a new one instead.
        #expect(PresetDictionary.pipelineState1.crc32 == 0xB12C_67DA)
        #expect(PresetDictionary.parameters1.crc32 == 0xF6D0_24DB)
        #expect(PresetDictionary.nmea1.crc32 == 0x2713_06CF)
        #expect(PresetDictionary.allCases.count == 3)
    }
}
