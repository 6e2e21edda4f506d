import Foundation
import Testing
import Translation
@testable import StewardCore

/// Duplicate on a record list: which types offer it, and what a copy starts from.
@Suite("Duplicating records")
struct RecordDuplicateTests {
    @Test("offered for ordinary types, never for singletons, store-made, ledger or mirrored ones")
    func whichTypes() {
        #expect(RecordType.fund.allowsDuplicates)
        #expect(RecordType.bulletin.allowsDuplicates)
        #expect(RecordType.ministryTeam.allowsDuplicates)
        #expect(!RecordType.podcast.allowsDuplicates)  // singleton
        #expect(!RecordType.member.allowsDuplicates)  // made by the store
        #expect(!RecordType.stamp.allowsDuplicates)  // append-only ledger
        #expect(!RecordType.gymClass.allowsDuplicates)  // mirrored
        for type in RecordTypes.all where type.isSingleton || type.isMadeByStore || type.isAppendOnly || type.isMirrored {
            #expect(!type.allowsDuplicates, "\(type.entity)")
        }
    }

    @Test("a copy keeps every field and marks its title, within the title's length limit")
    func copyFields() throws {
        let fields: JSONValue = .object(["name": .string("Roof Repair"), "url": .string("https://give.example.org/roof"),
                                         "active": .bool(true)])
        let copy = RecordType.fund.duplicateFields(of: fields)
        let suffix = tr(" (copy)")
        #expect(copy["name"]?.stringValue == "Roof Repair" + suffix)
        #expect(copy["url"] == fields["url"])
        #expect(copy["active"] == fields["active"])

        guard case .text(let limit)? = RecordType.fund.field("name")?.kind else {
            Issue.record("the fund's name is no longer a text field with a length limit")
            return
        }
        let long = String(repeating: "x", count: limit)
        let longCopy = RecordType.fund.duplicateFields(of: .object(["name": .string(long)]))
        let title = try #require(longCopy["name"]?.stringValue)
        #expect(title.count == limit)
        #expect(title.hasSuffix(suffix))
        // The copy passes the type's own validation, as the editor's save will check.
        _ = try RecordType.fund.validate(copy, orgZone: .gmt)
    }
}
