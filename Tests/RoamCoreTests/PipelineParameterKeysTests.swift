import RoamCore
import Testing

/// `PipelineParameters.keys` is what `rederive --params` accepts and what is stored (P4): a
/// parameter left out of it would be refused in a file and silently not stored.
@Suite struct PipelineParameterKeysTests {
    @Test func everyStoredPropertyIsAKey() {
        let properties = Mirror(reflecting: PipelineParameters()).children.compactMap(\.label)
        #expect(properties.count == PipelineParameters.keys.count)
        #expect(Set(properties) == Set(PipelineParameters.keys))
        // Optional ones included: the defaults' encoding leaves these out.
        #expect(PipelineParameters.keys.contains("silenceGapCause"))
    }
}
