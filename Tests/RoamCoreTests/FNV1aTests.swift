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

    @Test("A status slot's worth of bytes hashes the same as an array, a slice and a string's UTF-8, and as the definition says")
    func specializedByteTypes() {
        // Each caller's module specializes the inlinable hash for its own byte type: every one must agree.
        let text = String(repeating: "format=roam-board-status 1\nride=7 recording\n", count: 9)
        let bytes = Array(text.utf8)
        var expected: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { expected ^= UInt64(byte); expected = expected &* 0x0000_0100_0000_01b3 }
        #expect(FNV1a.hash(bytes) == expected)
        #expect(FNV1a.hash(bytes[...]) == expected)
        #expect(FNV1a.hash(text.utf8) == expected)
        #expect(FNV1a.hash(bytes.dropFirst(100), continuing: FNV1a.hash(bytes.prefix(100))) == expected)
    }
}
