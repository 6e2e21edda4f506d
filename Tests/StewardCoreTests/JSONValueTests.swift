import Testing
@testable import StewardCore

@Suite struct JSONValueTests {
    @Test func canonicalTextSortsKeysAndEscapes() throws {
        let value = JSONValue.object(["b": .int(2), "a": .array([.string("x\"y\n"), .null, .bool(true), .double(1.5), .double(3)])])
        #expect(value.canonicalText == #"{"a":["x\"y\n",null,true,1.5,3],"b":2}"#)
        #expect(try JSONValue.parse(value.canonicalText).canonicalText == value.canonicalText)
    }
}
