import Testing
@testable import RoamCore

@Suite struct NMEAChecksumTests {
    // Checksums worked out independently (Python XOR over the bytes between $ and *).
    static let gll = "$GPGLL,5133.80,N,00042.40,W,101500.00,A,A*70"
    static let rmc = "$GNRMC,101500.00,A,5133.80,N,00042.40,W,3.2,91.5,070624,,,A*62"

    @Test func computesTheXorOfTheBytesBetweenDollarAndStar() {
        #expect(NMEAChecksum.compute("GPGLL,5133.80,N,00042.40,W,101500.00,A,A".utf8) == 0x70)
        #expect(NMEAChecksum.compute("".utf8) == 0)
    }

    @Test func acceptsMatchingUpperCaseChecksum() {
        #expect(NMEAChecksum.verify(Self.gll) == .valid(starIndex: Self.gll.utf8.count - 3))
        #expect(NMEAChecksum.verify(Self.rmc) == .valid(starIndex: Self.rmc.utf8.count - 3))
    }

    @Test func acceptsLowerCaseHexDigits() {
        // Magellan EC-10X sends lower-case hex.
        let line = "$GPGLL,5133.80,N,00042.40,W,101500.00,A,A*7a"
        let sealed = NMEAChecksum.seal("$GPRMC,205150.00,V,,,,,,,,,,,V")
        let lower = String(sealed.dropLast(2)) + sealed.suffix(2).lowercased()
        #expect(NMEAChecksum.verify(lower) == .valid(starIndex: lower.utf8.count - 3))
        #expect(NMEAChecksum.verify(line) == .invalid(.badChecksum(expected: 0x70, found: 0x7A)))
    }

    @Test func rejectsMismatchNamingBothValues() {
        #expect(NMEAChecksum.verify("$GPGLL,5133.80,N,00042.40,W,101500.00,A,A*71")
                == .invalid(.badChecksum(expected: 0x70, found: 0x71)))
    }

    @Test func rejectsSentencesWithoutAChecksum() {
        #expect(NMEAChecksum.verify("$POLYN,EPH,0,00000000") == .invalid(.missingChecksum))
        #expect(NMEAChecksum.verify("$GPGLL,5133.80,N*7") == .invalid(.missingChecksum))
        #expect(NMEAChecksum.verify("$GPGLL,5133.80,N*GG") == .invalid(.missingChecksum))
    }

    @Test func rejectsLinesThatAreNotSentences() {
        #expect(NMEAChecksum.verify("GPGLL*00") == .invalid(.malformedTag))
        #expect(NMEAChecksum.verify("$*00") == .invalid(.malformedTag))
        #expect(NMEAChecksum.verify("") == .invalid(.malformedTag))
    }

    @Test func hexValueCoversBothCasesAndNothingElse() {
        #expect(NMEAChecksum.hexValue(UInt8(ascii: "0")) == 0)
        #expect(NMEAChecksum.hexValue(UInt8(ascii: "F")) == 15)
        #expect(NMEAChecksum.hexValue(UInt8(ascii: "f")) == 15)
        #expect(NMEAChecksum.hexValue(UInt8(ascii: "g")) == nil)
        #expect(NMEAChecksum.hexValue(UInt8(ascii: "*")) == nil)
    }

    @Test func sealAppendsAChecksumThatVerifies() {
        #expect(NMEAChecksum.seal("$GPGLL,5133.80,N,00042.40,W,101500.00,A,A") == Self.gll)
        let sealed = NMEAChecksum.seal("$GNGSA,A,3,01,02,03,,,,,,,,,,1.9,1.0,1.6")
        #expect(NMEAChecksum.verify(sealed) == .valid(starIndex: sealed.utf8.count - 3))
    }
}
