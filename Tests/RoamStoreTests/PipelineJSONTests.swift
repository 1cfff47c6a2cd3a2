import Foundation
import RoamSimulator
import RoamCore
@testable import RoamStore
import Testing

/// `rides.pipeline_state` is written with every batch by `JSONTextEncoder` (a streaming encoder,
/// for the commit's CPU) and must be the very text Foundation's JSONEncoder writes with the same
/// options, so states stored by either read and compare the same.
@Suite struct PipelineJSONTests {
    static func foundation<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    @Test(arguments: [true, false])
    func everyStateOfTheBenchRideIsWrittenAsJSONEncoderWritesItAndReadsBack(barometer: Bool) throws {
        let json = PipelineJSON()
        var pipeline = RidePipeline(rideID: 1, state: PipelineState(), parameters: PipelineParameters())
        var compared = 0
        for (i, input) in RideSimulation().sensorEpochs(barometer: barometer).enumerated() {
            _ = pipeline.process(input)
            guard i % 5 == 0 else { continue }
            let ours = try json.encode(pipeline.state)
            let foundations = try Self.foundation(pipeline.state)
            #expect(ours == foundations, "epoch \(i)")
            #expect(try json.decode(PipelineState.self, from: ours) == pipeline.state, "epoch \(i)")
            compared += 1
        }
        #expect(compared > 400)
        var parameters = PipelineParameters()
        parameters.rolloverFloorUTCms = 935_280_000_000
        #expect(try json.encode(parameters) == (try Self.foundation(parameters)))
    }

    /// A ride stored with version 3 parameters was counted without climb smoothing; rederiving it
    /// with its stored set must not pick up today's default. A partial set given by a rider (no
    /// version) still takes today's defaults for what it leaves out.
    @Test func storedVersion3ParametersKeepClimbUnsmoothed() throws {
        let json = PipelineJSON()
        let stored = try Self.stored(before: "\"climbSmoothingS\":2,", version: 3)
        #expect(try json.decode(PipelineParameters.self, from: stored).climbSmoothingS == 0)
        #expect(try json.decode(PipelineParameters.self, from: "{\"climbHysteresisM\":4}").climbSmoothingS == PipelineParameters().climbSmoothingS)
    }

    /// A ride stored with version 4 parameters took each fix's speed for its maximum; rederived
    /// with its stored set it keeps that, while a set without a version takes today's span.
    @Test func storedVersion4ParametersKeepEachFixSpeedForTheMaximum() throws {
        let json = PipelineJSON()
        let stored = try Self.stored(before: "\"maxSpeedSpanS\":7,", version: 4)
        #expect(try json.decode(PipelineParameters.self, from: stored).maxSpeedSpanS == 0)
        #expect(try json.decode(PipelineParameters.self, from: "{\"speedMeasured\":false}").maxSpeedSpanS == 7)
    }

    /// A ride stored with version 5 parameters counted no moving time across the logger's own gaps;
    /// check and rederive with its stored set keep that, while a set without a version counts them.
    @Test func storedVersion5ParametersKeepTheLoggersGapsOutOfMovingTime() throws {
        let json = PipelineJSON()
        let stored = try Self.stored(before: "\"loggerGapsRiddenThrough\":true,", version: 5)
        #expect(try json.decode(PipelineParameters.self, from: stored).loggerGapsRiddenThrough == false)
        #expect(try json.decode(PipelineParameters.self, from: "{\"speedMeasured\":false}").loggerGapsRiddenThrough)
    }

    /// Today's parameters as a ride stored them with `version`, before `field` was added.
    private static func stored(before field: String, version: Int) throws -> String {
        let stored = try foundation(PipelineParameters()).replacingOccurrences(of: field, with: "")
            .replacingOccurrences(of: "\"version\":\(PipelineParameters().version)", with: "\"version\":\(version)")
        #expect(!stored.contains(field) && stored.contains("\"version\":\(version)"), "\(stored)")
        return stored
    }

    struct Awkward: Codable, Equatable {
        var doubles: [Double]
        var floats: [Float]
        var text: String
        var counts: [String: Int]
        var nested: [[Int64?]]
        var missing: Int?
        var present: UInt64?
        var flags: Set<Int8>
        var empty: [String: Double]
        var Zebra = true, a10 = 1, a2 = 2, a_b = 3
    }

    @Test func awkwardValuesAreWrittenAsJSONEncoderWritesThem() throws {
        let value = Awkward(
            doubles: [0, -0.0, 1, -2.5, 1e-7, 1e21, 1e16, 123_456_789_012_345_680, 0.1 + 0.2, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                      .nan, .infinity, -.infinity, 100, 1e15, 12345.678],
            floats: [0.1, 3, .nan, 1e30], text: "a/b\"c\\d\n\r\t\u{8}\u{C}\u{1}\u{1F}é€😀",
            counts: ["paused": 3, "no-fix": 2, "Under": 1, "a": 0], nested: [[1, nil, .min], [], [.max]],
            missing: nil, present: .max, flags: [3, -7], empty: [:])
        #expect(try PipelineJSON().encode(value) == (try Self.foundation(value)))
    }

    struct Nesting: Encodable {
        enum K: CodingKey { case inner, x }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            var n = c.nestedContainer(keyedBy: K.self, forKey: .inner)
            try n.encode(1, forKey: .x)
        }
    }

    @Test func aConformanceTheStreamCannotWriteFailsLoudly() {
        // A batch must fail (P3: parked, alarm) rather than store text that is not the value.
        #expect(throws: EncodingError.self) { try PipelineJSON().encode(Nesting()) }
    }
}
