import Testing
import RoamCore

/// The board's substring search answers as the standard library's did (the tests still import
/// _StringProcessing, so each case is checked against it), for the text the callers search.
@Suite struct UTF8SearchTests {
    static let texts = ["$GPTXT,01,01,02,U-BLOX AG - WWW.U-BLOX.COM*4E", "<gpx><trk><name>Été à Zürich</name></trk></gpx>",
                        "{\"href\":\"<b>ride</b>\"}", "aaab", "", "ab", "tile {z}/{x}/{y} {z}"]
    static let needles = ["U-BLOX", "UBX", "<name>", "</name>", "Zürich", "<", "aab", "ab", "b", "{z}", "\"}", "absent"]

    @Test("contains, first range and replacing agree with the standard library's on every pair")
    func agreesWithTheStandardLibrary() {
        for text in Self.texts {
            for needle in Self.needles {
                #expect(text.containsText(needle) == text.contains(needle), "\(text) / \(needle)")
                #expect(text.firstRange(ofText: needle) == text.firstRange(of: needle), "\(text) / \(needle)")
                #expect(text.replacingText(needle, with: "<>") == text.replacing(needle, with: "<>"), "\(text) / \(needle)")
            }
        }
    }

    @Test("A substring is searched from its own start, and its ranges index the whole string")
    func substrings() throws {
        let text = "<Creator><Name>Edge</Name></Creator><Name>other</Name>"
        let creator = try #require(text.firstRange(ofText: "<Creator"))
        let open = try #require(text[creator.upperBound...].firstRange(ofText: "<Name>"))
        let close = try #require(text[open.upperBound...].firstRange(ofText: "</Name>"))
        #expect(text[open.upperBound..<close.lowerBound] == "Edge")
        #expect(text[close.upperBound...].firstRange(ofText: "<Creator") == nil)
    }

    @Test("Byte offsets from a start, past the end and with an empty needle")
    func offsets() {
        let bytes = Array("<trkpt/><trkpt/>".utf8)
        #expect(UTF8Search.firstOffset(of: "<trkpt", in: bytes) == 0)
        #expect(UTF8Search.firstOffset(of: "<trkpt", in: bytes, from: 1) == 8)
        #expect(UTF8Search.firstOffset(of: "<trkpt", in: bytes, from: 9) == nil)
        #expect(UTF8Search.firstOffset(of: "/>", in: bytes, from: 14) == 14)
        #expect(UTF8Search.firstOffset(of: "/>", in: bytes, from: 15) == nil)
        #expect(UTF8Search.firstOffset(of: "x", in: bytes, from: 99) == nil)
        #expect(UTF8Search.firstOffset(of: "", in: bytes) == nil)
        #expect(UTF8Search.firstOffset(of: "<", in: [UInt8]()) == nil)
    }
}
