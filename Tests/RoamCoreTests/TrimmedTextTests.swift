import RoamCore
import Testing

@Suite struct TrimmedTextTests {
    @Test func attributesLoseTheirLineEnd() {
        #expect("configured\n".trimmedOfWhitespace == "configured")
        #expect(" not attached \n".trimmedOfWhitespace == "not attached")
        #expect("\n".trimmedOfWhitespace == "")
        #expect("".trimmedOfWhitespace == "")
    }

    @Test func innerSpaceStaysAndEveryKindOfEdgeGoes() {
        #expect("\t u-blox  M8 \r\n".trimmedOfWhitespace == "u-blox  M8")
        #expect("ROM CORE 3.01 (107888)      ".trimmedOfWhitespace == "ROM CORE 3.01 (107888)")
        #expect("  {\"a\": 1}\n"[...].trimmedOfWhitespace == "{\"a\": 1}")
    }
}
