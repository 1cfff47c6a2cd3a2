import Testing
import RoamCore

/// Sizes as a rider reads them, in the unit of the options (MiB): the recorder's 64 MiB reserve is
/// "64 MiB", never "67.1 MB"; small sizes in KiB rather than "0.0 MiB".
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
}
