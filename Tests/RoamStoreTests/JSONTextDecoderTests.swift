import Foundation
import RoamCore
import Testing
@testable import RoamStore

/// `JSONTextDecoder` reads what `JSONTextEncoder` (and Foundation's JSONEncoder) wrote, and says
/// what is wrong with anything else: the key path, what it expected, what it found, the byte.
@Suite struct JSONTextDecoderTests {
    struct Inner: Codable, Equatable {
        var x: Double
        var tags: [String]
    }

    enum Mode: String, Codable { case riding, paused }

    struct Everything: Codable, Equatable {
        var doubles: [Double]
        var floats: [Float]
        var text: String
        var counts: [String: Int]
        var names: [Int: String]
        var nested: [[Int64?]]
        var missing: Int?
        var present: UInt64?
        var flags: Set<Int8>
        var empty: [String: Double]
        var inner: Inner
        var inners: [Inner]
        var mode: Mode
        var on = true, off = false
        var i16: Int16 = .min, u16: UInt16 = .max, i32: Int32 = .min, u32: UInt32 = .max
        var u8: UInt8 = 255, i: Int = .max, u: UInt = .max, i64: Int64 = .min
    }

    static let everything = Everything(
        doubles: [0, -0.0, 1, -2.5, 1e-7, 1e21, 1e16, 123_456_789_012_345_680, 0.1 + 0.2, .leastNonzeroMagnitude,
                  .greatestFiniteMagnitude, 100, 12345.678, -.leastNormalMagnitude],
        floats: [0.1, 3, 1e30, .leastNonzeroMagnitude], text: "a/b\"c\\d\n\r\t\u{8}\u{C}\u{1}\u{1F}é€😀 \u{0}",
        counts: ["paused": 3, "no-fix": 2, "Under": 1, "a": 0], names: [5: "five", -10: "minus ten"],
        nested: [[1, nil, .min], [], [.max]], missing: nil, present: .max, flags: [3, -7], empty: [:],
        inner: Inner(x: 2.5, tags: ["a", ""]), inners: [Inner(x: -1, tags: []), Inner(x: 1e300, tags: ["ü"])], mode: .paused)

    static func failure<T: Decodable>(_ type: T.Type, _ text: String, _ decoder: JSONTextDecoder = JSONTextDecoder()) -> String? {
        do {
            _ = try decoder.decode(type, from: text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The byte at which `needle` first starts in `text`.
    static func byte(of needle: String, in text: String) -> Int {
        let bytes = Array(text.utf8), n = Array(needle.utf8)
        return (0...(bytes.count - n.count)).first { Array(bytes[$0..<($0 + n.count)]) == n }!
    }

    @Test func whatTheEncoderWritesReadsBackEqual() throws {
        let text = try JSONTextEncoder().encode(Self.everything)
        let back = try JSONTextDecoder().decode(Everything.self, from: text)
        #expect(back == Self.everything)
        #expect(back.doubles[1].sign == .minus, "-0 keeps its sign")
        #expect(try JSONTextDecoder().decode(Everything.self, from: Array(text.utf8)) == Self.everything)
        let pretty = try JSONTextEncoder(prettyPrinted: true).encode(Self.everything)
        #expect(try JSONTextDecoder().decode(Everything.self, from: pretty) == Self.everything)
    }

    @Test func whatFoundationWroteReadsBackEqual() throws {
        // Manifests and parameter files written before this decoder: keys in any order, "/" escaped.
        let data = try JSONEncoder().encode(Self.everything)
        #expect(try JSONTextDecoder().decode(Everything.self, from: [UInt8](data)) == Self.everything)
        var parameters = PipelineParameters()
        parameters.climbHysteresisM = 3.25
        parameters.rolloverFloorUTCms = 935_280_000_000
        let stored = String(decoding: try JSONEncoder().encode(parameters), as: UTF8.self)
        #expect(try PipelineJSON().decode(PipelineParameters.self, from: stored) == parameters)
    }

    @Test func nonFiniteNumbersReadByTheirNamesOnlyWhenNamed() throws {
        let named = JSONTextDecoder(nonFiniteNames: (positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"))
        let values = try named.decode([Double].self, from: #"["inf","-inf","nan",1]"#)
        #expect(values[0] == .infinity && values[1] == -.infinity && values[2].isNaN && values[3] == 1)
        let text = try PipelineJSON().encode([Float.nan, .infinity])
        let floats = try PipelineJSON().decode([Float].self, from: text)
        #expect(floats[0].isNaN && floats[1] == .infinity)
        #expect(Self.failure([Double].self, #"["inf"]"#) == "expected a number for \"[0]\", found a string at byte 1")
        #expect(Self.failure([Double].self, #"[1,"infinity"]"#, named) == "expected a number for \"[1]\", found a string at byte 3")
        #expect(Self.failure([Double].self, "[1e999]") == "the number 1e999 for \"[0]\" is too large for a Double at byte 1")
        #expect(Self.failure([Float].self, "[1e39]") == "the number 1e39 for \"[0]\" is too large for a Float at byte 1")
    }

    @Test func integersAreExactAndWholeNumbersOnly() throws {
        #expect(try JSONTextDecoder().decode([Int64].self, from: "[-9223372036854775808,9223372036854775807]") == [.min, .max])
        #expect(try JSONTextDecoder().decode([UInt64].self, from: "[18446744073709551615]") == [.max])
        #expect(try JSONTextDecoder().decode([Int].self, from: "[3.0,1e2,-0,2E0]") == [3, 100, 0, 2])
        #expect(try JSONTextDecoder().decode([UInt8].self, from: "[-0,255]") == [0, 255])
        #expect(Self.failure([Int].self, "[1,2.5]") == "expected an integer for \"[1]\", found 2.5 at byte 3")
        #expect(Self.failure([UInt8].self, "[256]") == "the number 256 for \"[0]\" does not fit in UInt8 at byte 1")
        #expect(Self.failure([UInt8].self, "[-1]") == "the number -1 for \"[0]\" does not fit in UInt8 at byte 1")
        #expect(Self.failure([Int64].self, "[9223372036854775808]") == "the number 9223372036854775808 for \"[0]\" does not fit in Int64 at byte 1")
        #expect(Self.failure([Int8].self, "[1e3]") == "the number 1e3 for \"[0]\" does not fit in Int8 at byte 1")
        #expect(Self.failure([Int].self, "[1e999]") == "the number 1e999 for \"[0]\" does not fit in Int at byte 1")
        #expect(Self.failure([Int].self, "[true]") == "expected an integer for \"[0]\", found a boolean at byte 1")
    }

    @Test func mismatchesNameTheKeyPathAndTheByte() {
        let wrongType = #"{"x": 1, "tags": ["a", 7]}"#
        #expect(Self.failure(Inner.self, wrongType) == "expected a string for \"tags[1]\", found a number at byte \(Self.byte(of: "7", in: wrongType))")
        let nested = #"{"doubles":[],"inner":{"x":"2.5","tags":[]}}"#
        struct Outer: Decodable { var doubles: [Double]; var inner: Inner }
        #expect(Self.failure(Outer.self, nested) == "expected a number for \"inner.x\", found a string at byte \(Self.byte(of: "\"2.5\"", in: nested))")
        let deep = #"{"doubles":[],"inner":{"x":1,"tags":null}}"#
        #expect(Self.failure(Outer.self, deep) == "expected an array for \"inner.tags\", found null at byte \(Self.byte(of: "null", in: deep))")
        #expect(Self.failure(Outer.self, #"{"doubles":[]}"#) == "no \"inner\" in the object at byte 0")
        let missingInner = #"{"doubles":[],"inner":{"tags":[]}}"#
        #expect(Self.failure(Outer.self, missingInner) == "no \"x\" in the object for \"inner\" at byte \(Self.byte(of: "{\"tags", in: missingInner))")
        #expect(Self.failure([Int].self, "{}") == "expected an array, found an object at byte 0")
        #expect(Self.failure(Inner.self, " [1]") == "expected an object, found an array at byte 1")
        #expect(Self.failure([Bool].self, "[1]") == "expected true or false for \"[0]\", found a number at byte 1")
        #expect(Self.failure(Mode.self, "\"racing\"") != nil, "an enum's own check still speaks")
        #expect(Self.failure(Mode.self, "3") == "expected a string, found a number at byte 0")
    }

    @Test func theParametersFileSaysWhichParameterIsWrong() throws {
        let text = #"{"gapAfterS": 9, "climbHysteresisM": "5"}"#
        #expect(Self.failure(PipelineParameters.self, text)
            == "expected a number for \"climbHysteresisM\", found a string at byte \(Self.byte(of: "\"5\"", in: text))")
        var expected = PipelineParameters()
        expected.gapAfterS = 9
        #expect(try JSONTextDecoder().decode(PipelineParameters.self, from: #"{"gapAfterS": 9.0}"#) == expected)
        #expect(try JSONTextDecoder().decode(PipelineParameters.self, from: "{}") == PipelineParameters())
        #expect(Self.failure(PipelineParameters.self, #"{"gapAfterS": 9,}"#) == "expected a key in quotes, found '}' at byte 16")
    }

    /// Reads a pair from an array and a point from nested containers: the containers a synthesized
    /// conformance never asks for.
    struct Handwritten: Decodable, Equatable {
        var first: Int, second: Int, lat: Double, names: [String]
        enum Keys: String, CodingKey { case pair, point, names }
        enum PointKeys: String, CodingKey { case lat }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            var pair = try c.nestedUnkeyedContainer(forKey: .pair)
            first = try pair.decode(Int.self)
            second = try pair.decode(Int.self)
            lat = try c.nestedContainer(keyedBy: PointKeys.self, forKey: .point).decode(Double.self, forKey: .lat)
            var list = try c.nestedUnkeyedContainer(forKey: .names)
            names = []
            while !list.isAtEnd {
                if try list.decodeNil() { continue }
                var inner = try list.nestedUnkeyedContainer()
                names.append(try inner.decode(String.self))
            }
        }
        init(first: Int, second: Int, lat: Double, names: [String]) { self.first = first; self.second = second; self.lat = lat; self.names = names }
    }

    @Test func nestedContainersReadAndComplainWithTheirPath() throws {
        let text = #"{"pair":[1,2],"point":{"lat":47.5},"names":[["a"],null,["b"]]}"#
        #expect(try JSONTextDecoder().decode(Handwritten.self, from: text) == Handwritten(first: 1, second: 2, lat: 47.5, names: ["a", "b"]))
        let short = #"{"pair":[1],"point":{"lat":1},"names":[]}"#
        #expect(Self.failure(Handwritten.self, short) == "the array for \"pair\" ends after 1 element, one more was expected at byte 8")
        let badLat = #"{"pair":[1,2],"point":{"lat":"n"},"names":[]}"#
        #expect(Self.failure(Handwritten.self, badLat) == "expected a number for \"point.lat\", found a string at byte \(Self.byte(of: "\"n\"", in: badLat))")
        let badName = #"{"pair":[1,2],"point":{"lat":1},"names":[[1]]}"#
        #expect(Self.failure(Handwritten.self, badName) == "expected a string for \"names[0][0]\", found a number at byte \(Self.byte(of: "[[1", in: badName) + 2)")
    }

    @Test func dictionaryKeysKeepTheirOrderAndIntegerKeysRead() throws {
        #expect(try JSONTextDecoder().decode([Int: Bool].self, from: #"{"10":true,"-3":false}"#) == [10: true, -3: false])
        #expect(Self.failure([Int: Bool].self, #"{"ten":true}"#) != nil)
        #expect(try JSONTextDecoder().decode([String: [String: Int]].self, from: #"{"a":{"b":1},"c":{}}"#) == ["a": ["b": 1], "c": [:]])
    }

    /// `view` shows a ride's parameters as Foundation's `.prettyPrinted` wrote them: pages stay byte for byte.
    @Test func thePrettyLayoutIsFoundations() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys, .prettyPrinted]
        let pretty = JSONTextEncoder(prettyPrinted: true)
        #expect(try pretty.encode(PipelineParameters()) == String(decoding: try foundation.encode(PipelineParameters()), as: UTF8.self))
        var everything = Self.everything
        everything.text = "a: {b}, [c] \"d\" \\ e/"
        everything.counts = ["{": 1, ":": 2, ",\"": 3]
        #expect(try pretty.encode(everything) == String(decoding: try foundation.encode(everything), as: UTF8.self))
        #expect(try pretty.encode([[Int]]()) == String(decoding: try foundation.encode([[Int]]()), as: UTF8.self))
        #expect(try pretty.encode([String: Int]()) == String(decoding: try foundation.encode([String: Int]()), as: UTF8.self))
    }
}
