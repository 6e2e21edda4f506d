import Foundation
import GRDB
import Testing
@testable import StewardCore

@Suite struct ConflictFieldTests {
    /// Synced at version 1; the store moved the time and renamed it (version 2), this console
    /// renamed it and changed the host.
    func conflicted() async throws -> (SyncFixture, Event, Int64) {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        await f.store.remoteWrite(event.id, title: "Choir (from the app)", starts: "2026-12-06T18:00:00.000Z",
                                  ends: "2026-12-06T19:00:00.000Z")
        var form = EventForm.timed("Choir (from the console)")
        form.host = "Music team"
        _ = try await f.events.update(event.id, with: form, in: f.org)
        try await f.engine().sync(org: f.org)
        let id = try #require(try await f.conflicts().first?.id)
        return (f, event, id)
    }

    @Test func aConflictShowsBothSidesFieldByField() async throws {
        let (f, event, id) = try await conflicted()

        let detail = try #require(try await f.engine().conflictDetail(id: id))

        #expect(detail.recordId == event.id)
        #expect(detail.title == "Choir (from the console)")
        #expect(detail.canMergeFields)
        #expect(detail.theirsAuthor == "app@grace.example")
        let fields = Dictionary(uniqueKeysWithValues: detail.fields.map { ($0.key, $0) })
        #expect(fields["title"]?.label == "Title")
        #expect(fields["title"]?.mine == "Choir (from the console)")
        #expect(fields["title"]?.theirs == "Choir (from the app)")
        #expect(fields["title"]?.differs == true)
        #expect(fields["starts"]?.label == "Starts")
        #expect(fields["starts"]?.mine == "Sun 6 Dec 2026, 10:30")
        #expect(fields["starts"]?.theirs == "Sun 6 Dec 2026, 12:00")
        #expect(fields["host"]?.mine == "Music team")
        #expect(fields["host"]?.theirs == "")
        #expect(fields["description"]?.differs == false)
        #expect(fields["time-zone"]?.differs == false)
        #expect(try await f.engine().conflictDetails(org: f.org).map(\.id) == [id])
    }

    @Test func choosingPerFieldSendsTheMergeOnTopOfTheStoresVersion() async throws {
        let (f, event, id) = try await conflicted()

        try await f.engine().resolve(conflictId: id, fields: ["title": .mine, "host": .mine])

        #expect(try await f.conflicts().isEmpty)
        let outbox = try await f.outbox()
        #expect(outbox.count == 1)
        #expect(outbox.first?.entry.baseVersion == 2)
        let local = try #require(try await f.event(event.id))
        #expect(local.details.title == "Choir (from the console)")
        #expect(local.details.host == "Music team")
        // Not named: the store's time.
        #expect(local.details.timing == (try EventDetails(syncFields: try #require(await f.store.record(event.id)).fields)).timing)

        try await f.engine().sync(org: f.org)

        let stored = try #require(await f.store.record(event.id))
        #expect(stored.version == 3)
        #expect(stored.fields["title"]?.stringValue == "Choir (from the console)")
        #expect(stored.fields["host"]?.stringValue == "Music team")
        #expect(stored.fields["startsAt"]?.stringValue == "2026-12-06T18:00:00.000Z")
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aMergeThatDoesNotHoldTogetherNamesTheFieldAndChangesNothing() async throws {
        let (f, event, id) = try await conflicted()
        let before = try await f.dump()
        let outboxBefore = try await f.outbox().map(\.entry)

        // This console's end (11:45 local, 17:45 UTC) with the store's start (18:00 UTC).
        let error = await #expect(throws: ValidationError.self) {
            try await f.engine().resolve(conflictId: id, fields: ["ends": .mine])
        }
        #expect(error?.issues.first?.field == "ends")

        #expect(try await f.conflicts().map(\.id) == [id])
        #expect(try await f.dump() == before)
        #expect(try await f.outbox().map(\.entry) == outboxBefore)
        #expect(try await f.event(event.id)?.details.title == "Choir (from the console)")

        let unknown = await #expect(throws: ValidationError.self) {
            try await f.engine().resolve(conflictId: id, fields: ["colour": .mine])
        }
        #expect(unknown?.issues.first?.field == "fields")
        #expect(try await f.conflicts().map(\.id) == [id])
    }

    @Test func takingTheStoresSideEverywhereIsKeepingTheStoresRecord() async throws {
        let (f, event, id) = try await conflicted()

        try await f.engine().resolve(conflictId: id, fields: [:])

        #expect(try await f.conflicts().isEmpty)
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.event(event.id)?.version == 2)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aDeletedSideCannotBeMixed() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        await f.store.remoteDelete(event.id)
        try await f.rename(event.id, "Choir practice")
        try await f.engine().sync(org: f.org)
        let id = try #require(try await f.conflicts().first?.id)
        #expect(try await f.engine().conflictDetail(id: id)?.canMergeFields == false)
        #expect(try await f.engine().conflictDetail(id: id)?.theirsDeleted == true)

        let error = await #expect(throws: ValidationError.self) {
            try await f.engine().resolve(conflictId: id, fields: ["title": .mine])
        }
        #expect(error?.issues.first?.field == "fields")
        // Keeping all of one side still works.
        try await f.engine().resolve(conflictId: id, keep: .local)
        try await f.engine().sync(org: f.org)
        #expect(await f.store.record(event.id)?.deleted == false)
        #expect(try await f.dump() == (await f.store.dump()))
    }
}
