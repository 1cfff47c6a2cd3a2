import Testing
import RoamCore

/// The board's content stamp against the published FNV-1a 64-bit test vectors.
@Suite struct FNV1aTests {
    @Test("Published vectors: the empty input, \"a\" and \"foobar\"")
    func publishedVectors() {
        #expect(FNV1a.hex(FNV1a.hash([UInt8]())) == "cbf29ce484222325")
        #expect(FNV1a.hex(FNV1a.hash("a".utf8)) == "af63dc4c8601ec8c")
        #expect(FNV1a.hex(FNV1a.hash("foobar".utf8)) == "85944171f73967e8")
    }

    @Test("Hashing in two parts, the second continuing the first, equals hashing the whole")
    func continuing() {
        let first = FNV1a.hash("foo".utf8)
        #expect(FNV1a.hash("bar".utf8, continuing: first) == FNV1a.hash("foobar".utf8))
    }
}
