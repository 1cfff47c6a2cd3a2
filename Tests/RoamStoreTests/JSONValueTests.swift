import Testing
@testable import RoamStore

/// `JSONValue.parse`: RFC 8259 and nothing more, and every refusal names the byte it stopped at.
@Suite struct JSONValueTests {
    static func refusal(_ text: String) -> String? {
        refusal(Array(text.utf8))
    }

    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONValue.parse(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func valuesKeepTheirKindOrderAndOffset() throws {
        let value = try JSONValue.parse(" {\"b\": [true, null, -0.5e+3], \"a\" : \"x\", \"c\":{}}\n")
        #expect(value.offset == 1)
        #expect(value.keys == ["b", "a", "c"])
        guard case .object(let members) = value.kind, case .array(let list) = members[0].value.kind else {
            Issue.record("not an object holding an array: \(value)")
            return
        }
        #expect(list.map(\.kind) == [.bool(true), .null, .number("-0.5e+3")])
        #expect(list.map(\.offset) == [8, 14, 20])
        #expect(members[1].value == JSONValue(kind: .string("x"), offset: 36))
        #expect(members[2].value.kind == .object([]))
        #expect(try JSONValue.parse("[]").kind == .array([]))
        #expect(try JSONValue.parse("42").kind == .number("42"))
        #expect(try JSONValue.parse("\"\"").kind == .string(""))
        #expect(try JSONValue.parse("[1]").keys == nil)
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let text = #""q\" b\\ s\/ \b\f\n\r\t \u0000 \u00e9 \u20AC \uD83D\uDE00 é😀""#
        #expect(try JSONValue.parse(text).kind == .string("q\" b\\ s/ \u{8}\u{C}\n\r\t \u{0} é € 😀 é😀"))
    }

    @Test func numbersFollowTheGrammar() throws {
        for good in ["0", "-0", "10", "-12.5", "1e5", "1E+5", "2.5e-3", "123456789012345678901234567890"] {
            #expect(try JSONValue.parse(good).kind == .number(good))
        }
        #expect(Self.refusal("01") == "a number with a leading zero at byte 0")
        #expect(Self.refusal("-") == "a malformed number (expected a digit, found the end of the text) at byte 0")
        #expect(Self.refusal("[1.]") == "a malformed number (expected a digit, found ']') at byte 1")
        #expect(Self.refusal("1e") == "a malformed number (expected a digit, found the end of the text) at byte 0")
        #expect(Self.refusal("-x") == "a malformed number (expected a digit, found 'x') at byte 0")
        #expect(Self.refusal(".5") == "expected a value, found '.' at byte 0")
        #expect(Self.refusal("+1") == "expected a value, found '+' at byte 0")
        #expect(Self.refusal("NaN") == "expected a value, found 'N' at byte 0")
        #expect(Self.refusal("[Infinity]") == "expected a value, found 'I' at byte 1")
    }

    @Test func structuralMistakesAreRefusedWhereTheyAre() {
        #expect(Self.refusal("") == "expected a value, found the end of the text at byte 0")
        #expect(Self.refusal("   ") == "expected a value, found the end of the text at byte 3")
        #expect(Self.refusal(#"{"a":1,}"#) == "expected a key in quotes, found '}' at byte 7")
        #expect(Self.refusal("[1,]") == "expected a value, found ']' at byte 3")
        #expect(Self.refusal(#"{"a" 1}"#) == "expected ':' after the key \"a\", found '1' at byte 5")
        #expect(Self.refusal("[1 2]") == "expected ',' or ']' in an array, found '2' at byte 3")
        #expect(Self.refusal(#"{"a":1 "b":2}"#) == "expected ',' or '}' in an object, found '\"' at byte 7")
        #expect(Self.refusal("{a:1}") == "expected a key in quotes, found 'a' at byte 1")
        #expect(Self.refusal(#"{"a":1,"a":2}"#) == "the key \"a\" appears twice in one object at byte 7")
        #expect(Self.refusal("[1") == "expected ',' or ']' in an array, found the end of the text at byte 2")
        #expect(Self.refusal("1 2") == "unexpected '2' after the JSON value at byte 2")
        #expect(Self.refusal("{}}") == "unexpected '}' after the JSON value at byte 2")
        #expect(Self.refusal("tru") == "expected a value, found 't' at byte 0")
        #expect(Self.refusal("nul") == "expected a value, found 'n' at byte 0")
        #expect(Self.refusal("[falsey]") == "expected ',' or ']' in an array, found 'y' at byte 6")
        #expect(Self.refusal("// note\n{}") == "expected a value, found '/' at byte 0")
        #expect(Self.refusal([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]) == "a UTF-8 byte order mark instead of JSON at byte 0")
        #expect(Self.refusal([0x5B, 0x00, 0x5D]) == "expected a value, found byte 0x00 at byte 1")
    }

    @Test func stringMistakesAreRefusedWhereTheyAre() {
        #expect(Self.refusal("[\"abc") == "a string that never ends (it starts here) at byte 1")
        #expect(Self.refusal("\"a\nb\"") == "a control character (0x0A) inside a string: write it as an escape at byte 2")
        #expect(Self.refusal(#""a\x""#) == "an unknown escape '\\x' in a string at byte 2")
        #expect(Self.refusal(#""\"#) == "a string that ends inside an escape at byte 1")
        #expect(Self.refusal(#""\u12""#) == "\\u must be followed by four hexadecimal digits at byte 1")
        #expect(Self.refusal(#""\uD83D""#) == "a lone surrogate \\uD83D in a string (its pair must follow) at byte 1")
        #expect(Self.refusal(#""\uD83Dx""#) == "a lone surrogate \\uD83D in a string (its pair must follow) at byte 1")
        #expect(Self.refusal(#""\uD83D\u0041""#) == "\\uD83D followed by \\u0041, which is not its low surrogate at byte 1")
        #expect(Self.refusal(#""\uD83D\uZZZZ""#) == "\\u must be followed by four hexadecimal digits at byte 7")
        #expect(Self.refusal(#""\uDE00""#) == "a lone surrogate \\uDE00 in a string (no high surrogate before it) at byte 1")
        #expect(Self.refusal([0x5B, 0x22, 0xFF, 0x22, 0x5D]) == "a string that is not valid UTF-8 at byte 1")
        #expect(Self.refusal([0x22, 0xED, 0xA0, 0x80, 0x22]) == "a string that is not valid UTF-8 at byte 0")
    }

    @Test func nestingIsBounded() throws {
        let deepest = JSONTextParser.maxDepth
        let fits = String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest)
        #expect(throws: Never.self) { try JSONValue.parse(fits) }
        let tooDeep = String(repeating: "[", count: deepest + 1) + String(repeating: "]", count: deepest + 1)
        #expect(Self.refusal(tooDeep) == "arrays and objects nested deeper than \(deepest) at byte \(deepest)")
        let mixed = try JSONValue.parse(#"{"a":[{"b":[[{}]]}]}"#)
        #expect(mixed.keys == ["a"])
    }
}
