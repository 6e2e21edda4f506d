import Foundation
import Testing
@testable import StewardCore

@Suite("JSON parser")
struct JSONParserTests {
    @Test("reads every kind of value, escapes and surrogate pairs included")
    func readsValues() throws {
        let text = #" { "s": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00", "i": -42, "z": 0, "d": 1.5e2, "big": 99999999999999999999, "t": true, "f": false, "n": null, "a": [1, [], {}], "u": "ünï" } "#
        let value = try JSONValue.parse(text)
        #expect(value["s"] == .string("a\"b\\c/d\u{8}\u{c}\n\r\té😀"))
        #expect(value["i"] == .int(-42))
        #expect(value["z"] == .int(0))
        #expect(value["d"] == .int(150))
        #expect(value["big"] == .double(1e20))
        #expect(value["t"] == .bool(true) && value["f"] == .bool(false) && value["n"] == .null)
        #expect(value["a"] == .array([.int(1), .array([]), .object([:])]))
        #expect(value["u"] == .string("ünï"))
    }

    @Test("agrees with Foundation's decoder on what it accepts")
    func agreesWithFoundation() throws {
        let samples = [
            #"{"title":"Bible study","links":[{"label":"Map","url":"https://example.org/map?a=1&b=2"}],"stampValue":3}"#,
            #"[0.1, -0.0, 1E3, 12e-2, "\u0041", "日本"]"#,
            #""just a string""#, "3", "null",
        ]
        for sample in samples {
            let ours = try JSONValue.parse(sample)
            let theirs = try JSONDecoder().decode(JSONValue.self, from: Data(sample.utf8))
            #expect(ours == theirs, "\(sample)")
        }
    }

    @Test("refuses what is not JSON, saying where", arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "{a:1}", "'x'", "tru", "nul", "01", "1.", ".5", "-", "1e", "+1",
        "\"abc", "\"\u{1}\"", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00x\"", "[1] 2", "{\"a\" 1}", "NaN", "1e400",
    ])
    func refusesInvalid(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test("refuses invalid UTF-8 and nesting deeper than the limit")
    func refusesHostileInput() throws {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data([0x22, 0xFF, 0xFE, 0x22])) }
        let deep = String(repeating: "[", count: JSONParser.maxDepth + 1) + String(repeating: "]", count: JSONParser.maxDepth + 1)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
        let allowed = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(try JSONValue.parse(allowed) != .null)
    }

    @Test("an error names the byte where the text goes wrong")
    func errorOffset() {
        do {
            _ = try JSONValue.parse(#"{"a": [1, 2 x]}"#)
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error.offset == 12)
        }
    }
}
