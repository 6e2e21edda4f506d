import Testing
@testable import StewardCore

/// The history's stored form of a change, shared by the console and both store databases.
@Suite("Field changes as stored text")
struct FieldChangesTextTests {
    static let fields = JSONValue.object(["title": .string("Choir"), "timing": .string("untimed"), "host": .null])

    @Test("a creation keeps the fields text itself and reads back as every field new")
    func creationKeepsTheFieldsText() throws {
        let text = FieldChangesText.text(from: nil, to: Self.fields, newText: Self.fields.canonicalText)
        #expect(text == Self.fields.canonicalText)
        // Null members are no value, as in a diff.
        #expect(FieldChangesText.changes(text) == [
            FieldChange(field: "timing", old: nil, new: .string("untimed")),
            FieldChange(field: "title", old: nil, new: .string("Choir")),
        ])
    }

    @Test("an edit is kept as the list of changed fields, old and new")
    func editKeepsTheDiff() throws {
        let edited = JSONValue.object(["title": .string("Choir rehearsal"), "timing": .string("untimed")])
        let text = FieldChangesText.text(from: Self.fields, to: edited, newText: edited.canonicalText)
        #expect(text == #"[{"field":"title","new":"Choir rehearsal","old":"Choir"}]"#)
        #expect(FieldChangesText.changes(text) == [
            FieldChange(field: "title", old: .string("Choir"), new: .string("Choir rehearsal")),
        ])
    }

    @Test("a deletion lists every field that had a value as gone")
    func deletionListsWhatWasThere() throws {
        let text = FieldChangesText.text(from: Self.fields, to: nil, newText: "null")
        #expect(FieldChangesText.changes(text)?.map(\.field) == ["timing", "title"])
        #expect(FieldChangesText.changes(text)?.allSatisfy { $0.new == nil } == true)
    }

    @Test("text that is neither form is not read as changes", arguments: ["", "42", #"[{"new":1}]"#, "{"])
    func corruptTextIsRefused(_ text: String) {
        #expect(FieldChangesText.changes(text) == nil)
    }
}
