import Testing
@testable import StewardCore

@Suite struct JSONValueTests {
    @Test func canonicalTextSortsKeysAndEscapes() throws {
        let value = JSONValue.object(["b": .int(2), "a": .array([.string("x\"y\n"), .null, .bool(true), .double(1.5), .double(3)])])
        #expect(value.canonicalText == #"{"a":["x\"y\n",null,true,1.5,3],"b":2}"#)
        #expect(try JSONValue.parse(value.canonicalText).canonicalText == value.canonicalText)
    }

    @Test func controlCharactersBackslashesAndNonASCIIAreWrittenAsJSONRequires() throws {
        let value = JSONValue.string("tab\there\\ \u{01} café ☕\r")
        #expect(value.canonicalText == #""tab\there\\ \u0001 café ☕\r""#)
        #expect(try JSONValue.parse(value.canonicalText) == value)
        #expect(value.canonicalBytes == Array(value.canonicalText.utf8))
    }
}
