import Foundation
import Testing
@testable import StewardCore
import Translation

/// What another side sends is checked as JSON of the field's own type: a number for a text
/// field or a word for a flag is a malformed record, refused naming the field, for every type.
/// Text people type becomes the field's JSON where it is typed (`FieldKind.typedValue`).
@Suite("Strict field kinds")
struct StrictFieldKindTests {
    static let fund: [String: JSONValue] = ["name": .string("Missions"), "url": .string("https://give.example/m")]

    static func refusal(_ type: RecordType, _ fields: [String: JSONValue]) -> [String: String] {
        do {
            _ = try type.validate(.object(fields), orgZone: .gmt)
            return [:]
        } catch {
            return Dictionary(error.issues.map { ($0.field, $0.message) }) { first, _ in first }
        }
    }

    @Test("JSON of the wrong type is refused naming the field, not turned into text or a flag", arguments: [
        (["name": .int(42)], "name", "must be text (got 42)"),
        (["description": .bool(true)], "description", "must be text (got true)"),
        (["url": .double(1.5)], "url", "must be text (got 1.5)"),
        (["active": .string("yes")], "active", "must be yes or no (got \"yes\")"),
        (["active": .int(1)], "active", "must be yes or no (got 1)"),
    ] as [([String: JSONValue], String, String)])
    func wrongJSONTypeIsRefused(_ changes: [String: JSONValue], field: String, message: String) {
        let refused = Self.refusal(.fund, Self.fund.merging(changes) { $1 })
        #expect(refused == [field: message])
    }

    @Test("typed words become the field's JSON: a yes/no word a flag, a line of words a list")
    func typedText() throws {
        #expect(FieldKind.boolean.typedValue(" Yes ") == .bool(true))
        #expect(FieldKind.boolean.typedValue("off") == .bool(false))
        #expect(FieldKind.boolean.typedValue("maybe") == .string("maybe"))
        #expect(FieldKind.words(maxItems: 5, maxLength: 10).typedValue("Youth, families") == .array([.string("Youth"), .string(" families")]))
        #expect(FieldKind.text(maxLength: 10).typedValue("42") == .string("42"))
        let fund = try RecordType.fund.validate(.object(Self.fund.merging(["active": FieldKind.boolean.typedValue("no")]) { $1 }), orgZone: .gmt)
        #expect(fund["active"] == .bool(false))
    }

    @Test("a phone field takes a phone number and refuses anything else")
    func phone() throws {
        let field = FieldSpec("phone", trLater("Phone"), .phone, help: trLater("A phone."))
        #expect(try field.parse(.string(" +1 (312) 555-0142 "), zone: .gmt) == .string("+1 (312) 555-0142"))
        #expect(try field.parse(.string(""), zone: .gmt) == .null)
        #expect(throws: FieldError.self) { try field.parse(.string("call us"), zone: .gmt) }
        #expect(throws: FieldError.self) { try field.parse(.double(5550100), zone: .gmt) }
    }

    @Test("a words field keeps its words trimmed, lower-cased and once, and refuses what is no word")
    func words() throws {
        let field = FieldSpec("audience", trLater("Audience"), .words(maxItems: 2, maxLength: 6), help: trLater("Who."))
        #expect(try field.parse(.array([.string(" Youth"), .string("youth "), .string("Adults")]), zone: .gmt)
                == .array([.string("youth"), .string("adults")]))
        #expect(try field.parse(.null, zone: .gmt) == .array([]))
        for bad: JSONValue in [.string("youth"), .array([.string("a,b")]), .array([.int(7)]),
                               .array([.string("a"), .string("b"), .string("c")]), .array([.string("grandparents")])] {
            #expect(throws: FieldError.self, "\(bad)") { try field.parse(bad, zone: .gmt) }
        }
    }

    @Test("a field may report its problems under another name than its option's")
    func reportedName() {
        let refused = Self.refusal(.event, ["title": .string("Fair"), "timing": .string("untimed"),
                                            "links": .array([.object(["label": .string("Menu")])])])
        #expect(Array(refused.keys) == ["link"], "\(refused)")
        #expect(RecordType.event.field("links")?.reportName == "link" && RecordType.fund.field("name")?.reportName == "name")
    }
}
