import RoamCore
import RoamStore
import Testing

/// `rederive --params FILE` changes the parameters the file names over the ride's stored ones; the
/// rest, an imported ride's and an older ride's included, stay what they were (P4).
@Suite struct ParameterChangesTests {
    @Test func aChangeKeepsEveryStoredParameterItDoesNotName() throws {
        var stored = PipelineParameters()
        stored.silenceGapCause = .noPointsInFile
        stored.speedMeasured = false
        stored.altitudeSource = .trackElevation
        stored.temperatureMeasured = false
        stored.maxSpeedSpanS = 0  // as a ride stored before version 5 reads
        let changes = try #require(ParameterChanges(try JSONValue.parse(#"{"climbHysteresisM": 5, "gapAfterS": 9}"#)))
        let changed = try changes.applied(to: stored)
        var expected = stored
        expected.climbHysteresisM = 5
        expected.gapAfterS = 9
        #expect(changed == expected)
    }

    @Test func anOptionalParameterNamedNullIsCleared() throws {
        var stored = PipelineParameters()
        stored.silenceGapCause = .leftOutOfExport
        let changes = try #require(ParameterChanges(try JSONValue.parse(#"{"silenceGapCause": null}"#)))
        let changed = try changes.applied(to: stored)
        #expect(changed.silenceGapCause == nil)
        let array = try JSONValue.parse("[1]")
        #expect(ParameterChanges(array) == nil)
    }
}
