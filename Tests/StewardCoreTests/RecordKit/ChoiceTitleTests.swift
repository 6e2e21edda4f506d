import Foundation
import Testing
@testable import StewardCore
import Translation

/// Staff read a choice by its name, never the word stored and sent ("single-choice").
@Suite("Choice words as staff read them")
struct ChoiceTitleTests {
    @Test("a field with names of its own shows them; the stored word is unchanged")
    func declaredNames() throws {
        let type = try #require(RecordType.question.field("type"))
        #expect(type.displayText(.string("single-choice"), zone: .gmt) == "Single choice")
        #expect(type.displayText(.string("yes-no"), zone: .gmt) == "Yes/no")
        let state = try #require(RecordType.lead.field("state"))
        #expect(state.displayText(.string("not-interested"), zone: .gmt) == "Not interested")
        let status = try #require(RecordType.submission.field("status"))
        #expect(status.displayText(.string("changes-requested"), zone: .gmt) == "Changes requested")
    }

    @Test("a field without names shows the word made readable, and an empty value as empty")
    func readableWords() throws {
        #expect(ChoiceWords.readable("changes-requested") == "Changes requested")
        #expect(ChoiceWords.readable("not_interested") == "Not interested")
        let plain = FieldSpec("mood", trLater("Mood"), .choice(["so-so", "fine"]), help: trLater("How it went."))
        #expect(plain.displayText(.string("so-so"), zone: .gmt) == "So so")
        #expect(plain.displayText(nil, zone: .gmt) == "")
        // A declared name wins over the readable word.
        let leg = try #require(RecordType.rideAssignment.field("leg"))
        #expect(leg.displayText(.string("to"), zone: .gmt) == RideLeg.to.text)
    }
}
