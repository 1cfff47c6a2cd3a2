import Testing
import RoamCore

/// Sizes as a rider reads them, in the unit of the options (MiB): the recorder's 64 MiB reserve is
/// "64 MiB", never "67.1 MB"; small sizes in KiB rather than "0.0 MiB"; a card's gigabytes in GiB.
struct ByteSizeTests {
    @Test func wholeMebibytesHaveNoDecimal() {
        #expect(ByteSize.text(64 << 20) == "64 MiB")
        #expect(ByteSize.text(2 << 30) == "2048 MiB")
        #expect(ByteSize.text(0) == "0 MiB")
    }

    @Test func otherSizesHaveOneDecimalRounded() {
        #expect(ByteSize.text(3_200_000) == "3.1 MiB")
        #expect(ByteSize.text((1 << 20) + (1 << 20) / 2) == "1.5 MiB")
        #expect(ByteSize.text((10 << 20) - 1) == "10 MiB")
    }

    @Test func underOneMebibyteIsSaidInKibibytes() {
        #expect(ByteSize.text(420 << 10) == "420 KiB")
        #expect(ByteSize.text(100) == "1 KiB")
        #expect(ByteSize.text(-(5 << 20)) == "-5 MiB")
    }

    /// A 2 TB card is "1862.6 GiB", not "1907348.6 MiB": GiB from 10 GiB on, TiB from 10 TiB on,
    /// each with one decimal, so a size keeps three figures at every switch of unit.
    @Test func largeSizesAreSaidInGibibytesAndTebibytes() {
        #expect(ByteSize.text(2_000_000_000_000) == "1862.6 GiB")
        #expect(ByteSize.text(64_000_000_000) == "59.6 GiB")
        #expect(ByteSize.text((10 << 30) - 1) == "10240 MiB")
        #expect(ByteSize.text(10 << 30) == "10 GiB")
        #expect(ByteSize.text((10 << 40) - 1) == "10240 GiB")
        #expect(ByteSize.text(16_000_000_000_000) == "14.6 TiB")
        #expect(ByteSize.text(-(20 << 30)) == "-20 GiB")
    }

    /// Tenths are counted apart from whole units: the largest size does not overflow.
    @Test func theLargestSizeIsSaidWithoutOverflow() {
        #expect(ByteSize.text(.max) == "8388608 TiB")
    }

    /// The most negative size has no positive twin in Int64: negating it trapped.
    @Test func theMostNegativeSizeIsSaidWithItsSign() {
        #expect(ByteSize.text(.min) == "-8388608 TiB")
        #expect(ByteSize.text(.min + 1) == "-8388608 TiB")
    }
}
