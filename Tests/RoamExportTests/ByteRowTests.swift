import Testing
import RoamCore
@testable import RoamExport

/// The row buffer and its number texts, each against the String it replaces, on values drawn
/// from every bit pattern and the awkward palette of `VariedFixes`.
@Suite struct ByteRowTests {
    private func text(_ build: (ByteRow) -> Void) -> String {
        let row = ByteRow(capacity: 1)  // every append below has to grow it
        build(row)
        return String(decoding: row.bytes, as: UTF8.self)
    }

    @Test func growsWithoutLosingWhatItHolds() {
        let row = ByteRow(capacity: 2)
        var expected: [UInt8] = []
        for i in 0..<5000 {
            row.append(UInt8(truncatingIfNeeded: i))
            row.append(ascii: "ab")
            expected += [UInt8(truncatingIfNeeded: i), 0x61, 0x62]
        }
        let kept = row.bytes.elementsEqual(expected)
        #expect(kept, "\(row.count) bytes held against \(expected.count) appended")
        row.truncate(to: 3)
        #expect(Array(row.bytes) == Array(expected[..<3]))
        row.removeAll()
        #expect(row.count == 0)
    }

    @Test func integersAreStringsOfThem() {
        var g = VariedFixes(seed: 99)
        var values: [Int64] = Array(Int64(-1000)...10_000)
        values += [99_999, 100_000, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]
        values += (0..<2000).map { _ -> Int64 in Int64(bitPattern: g.next()) >> Int64(g.below(64)) }
        for v in values {
            #expect(text { $0.append(decimal: v) } == String(v))
            #expect(text { $0.append(decimal: UInt64(bitPattern: v)) } == String(UInt64(bitPattern: v)))
        }
    }

    @Test func shortestIsSwiftsOwnText() {
        var g = VariedFixes(seed: 7)
        var values: [Double] = [0.0, -0.0, 1, 0.1, 1e-5, 1e16, 1e23, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude]
        values += (0..<5000).map { _ -> Double in g.double(-1000...1000) }
        for v in values where v.isFinite { #expect(text { $0.append(shortest: v) } == String(v), "\(v.bitPattern)") }
    }

    @Test func fixedPointAppendsWhatItFormats() {
        var g = VariedFixes(seed: 11)
        var values: [Double] = [0.0, -0.0, 0.5, -0.5, 1.005, -1.005, 9.0e9, 9.5e17, .nan, .infinity]
        values += (0..<3000).map { _ -> Double in g.double(-200...200) }
        for v in values {
            for digits in 0...9 {
                let legacy = LegacyTextExport.fixed(v, digits)
                #expect(FixedPoint.format(v, digits: digits) == legacy, "\(v) \(digits)")
                #expect(text { FixedPoint.append(v, digits: digits, to: $0) } == legacy, "\(v) \(digits)")
            }
        }
    }

    @Test func isoTimesAreCivilDatesText() {
        var g = VariedFixes(seed: 13)
        let days: [Int64] = [0, -1, 1, 719_468, -719_468, -719_469, 2_932_896, 2_932_897, -62_000_000, 100_000_000]
        var times: [Int64] = []
        for day in days {
            let midnight = day * 86_400_000
            times += [midnight, midnight - 1, midnight + 86_399_999]
        }
        times += (0..<3000).map { _ -> Int64 in Int64(bitPattern: g.next() % (1 << 54)) - (1 << 53) }
        for t in times { #expect(text { $0.append(iso8601: t) } == CivilDate.iso8601(utcMs: t), "\(t)") }
    }

    @Test func csvFieldsMatchTheOldStringHelpers() {
        var g = VariedFixes(seed: 17)
        for _ in 0..<3000 {
            let v = g.optional(-1e6...1e6)
            #expect(CSVField.number(v) == LegacyTextExport.csvNumber(v), "\(v.map { "\($0.bitPattern)" } ?? "nil")")
        }
        var texts = ["", "plain", "a,b", "say \"hi\"", "\"", "\"\"", "cr\r", "two\nlines", "\u{e9},\u{301}", "\"\u{301}"]
        // Quotes at every offset around the eight-byte steps of the quote search.
        for length in 0..<40 {
            for quoteAt in 0..<length where quoteAt % 3 == length % 3 {
                texts.append(String(repeating: "x", count: quoteAt) + "\"" + String(repeating: "y", count: length - quoteAt - 1))
            }
            texts.append(String(repeating: "\"", count: length))
        }
        for s in texts { #expect(CSVField.text(s) == LegacyTextExport.csvText(s), "\(s)") }
    }

    @Test func theNumberMemoReplaysOnlyTheSameBits() {
        let memo = CSVNumberMemo(columns: 2)
        let values: [Double?] = [1.5, 1.5, nil, 1.5, 0.0, -0.0, -0.0, 0.0, 1e300, 1e300, 3e17, 3e17, 12.0, 12, .nan, 12, 1e-5, 1e-5]
        for (i, v) in values.enumerated() {
            for column in 0..<2 {
                #expect(text { memo.append(column == 0 ? v : values[values.count - 1 - i], column: column, to: $0) }
                        == CSVField.number(column == 0 ? v : values[values.count - 1 - i]), "value \(i) column \(column)")
            }
        }
    }
}
