import Foundation
import GRDB
import Testing
@testable import StewardCore

@Suite struct RejectedChangeTests {
    @Test func rejectedChangesAreListedWithTitleReasonAndTime() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Refused")
        await f.store.setRefused(event.id, reason: "title: is not allowed here")
        try await f.engine().sync(org: f.org)

        let rejected = try await f.engine().rejectedChanges(org: f.org)

        #expect(rejected.count == 1)
        #expect(rejected.first?.recordId == event.id)
        #expect(rejected.first?.title == "Refused")
        #expect(rejected.first?.reason == "title: is not allowed here")
        #expect(rejected.first?.operation == .upsert)
        #expect(rejected.first?.details?.title == "Refused")
        #expect(try #require(rejected.first?.at).timeIntervalSinceNow > -60)
    }

    @Test func aWaitingChangeWhoseTextCannotBeReadIsNotSentButListedAsRejected() async throws {
        let f = try await SyncFixture()
        let fund = try await RecordService(database: f.database).create(.fund, fields: .object(["name": .string("Missions"), "url": .string("https://give.example/missions")]), in: f.org)
        let event = try await f.create("Sent")
        try await f.database.writer.write { db in
            try db.execute(sql: "UPDATE outbox SET payload = ? WHERE recordId = ?", arguments: [#"{"name": "Missi"#, fund.key])
        }
        let report = try await f.engine().sync(org: f.org)
        let sent = await f.store.pushRequests.flatMap(\.mutations)
        #expect(sent.map(\.recordId) == [UUIDColumn.encode(event.id)], "only the readable change goes out: \(sent)")
        #expect(report.rejected == 1)
        let rejected = try await f.engine().rejectedChanges(org: f.org)
        #expect(rejected.map(\.recordId) == [fund.id])
        #expect(rejected.first?.reason.contains("cannot be read") == true, "\(rejected.first?.reason ?? "")")
        #expect(rejected.first?.title == "Missions", "named from the record as the console has it")
        #expect(try await f.outbox().isEmpty)
    }

    @Test func discardingARejectedNewRecordRemovesIt() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Refused")
        await f.store.setRefused(event.id, reason: "no")
        try await f.engine().sync(org: f.org)
        let letter = try #require(try await f.deadLetters().first)

        try await f.engine().discard(deadLetterId: letter.id)

        #expect(try await f.deadLetters().isEmpty)
        #expect(try await f.event(event.id) == nil)
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.dump() == (await f.store.dump()))
        await #expect(throws: SyncError.deadLetterNotFound(letter.id)) {
            try await f.engine().discard(deadLetterId: letter.id)
        }
    }

    @Test func discardingARejectedEditPutsBackTheStoresVersion() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        // Changed on the store meanwhile: the store's current version is what comes back.
        await f.store.remoteWrite(event.id, title: "Choir (moved)")
        try await f.engine().sync(org: f.org)
        try await f.rename(event.id, "Choir (refused)")
        await f.store.setRefused(event.id, reason: "no")
        try await f.engine().sync(org: f.org)
        try await f.rename(event.id, "Choir (refused, then edited)")
        let letter = try #require(try await f.deadLetters().first)

        try await f.engine().discard(deadLetterId: letter.id)

        #expect(await f.store.historyRequests == [UUIDColumn.encode(event.id)])
        let local = try #require(try await f.event(event.id))
        #expect(local.details.title == "Choir (moved)")
        #expect(local.version == 2)
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.deadLetters().isEmpty)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func discardingWhileTheStoreCannotBeReachedChangesNothing() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        try await f.rename(event.id, "Choir (refused)")
        await f.store.setRefused(event.id, reason: "no")
        try await f.engine().sync(org: f.org)
        let letter = try #require(try await f.deadLetters().first)
        await f.store.failHistory([.fail(.transport(.couldNotConnect("connection refused")))])

        await #expect(throws: SyncError.self) { try await f.engine().discard(deadLetterId: letter.id) }

        #expect(try await f.deadLetters().count == 1)
        #expect(try await f.event(event.id)?.details.title == "Choir (refused)")
    }

    @Test func retryingSendsTheCorrectedVersion() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Refused")
        await f.store.setRefused(event.id, reason: "title: is not allowed")
        try await f.engine().sync(org: f.org)
        let letter = try #require(try await f.deadLetters().first)
        await f.store.setRefused(event.id, reason: nil)
        let corrected = try EventForm.timed("Accepted").validate(organizationZone: f.org.timeZone)

        try await f.engine().retry(deadLetterId: letter.id, details: corrected)

        #expect(try await f.deadLetters().isEmpty)
        #expect(try await f.outbox().count == 1)
        try await f.engine().sync(org: f.org)
        #expect(await f.store.record(event.id)?.fields["title"]?.stringValue == "Accepted")
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func retryingWithInvalidFieldsNamesTheFieldAndChangesNothing() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Refused")
        await f.store.setRefused(event.id, reason: "no")
        try await f.engine().sync(org: f.org)
        let letter = try #require(try await f.deadLetters().first)
        var invalid = try EventForm.timed("Fine").validate(organizationZone: f.org.timeZone)
        invalid.title = "   "

        let error = await #expect(throws: ValidationError.self) {
            try await f.engine().retry(deadLetterId: letter.id, details: invalid)
        }
        #expect(error?.issues.first?.field == "title")
        #expect(try await f.deadLetters().count == 1)
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.event(event.id)?.details.title == "Refused")
    }
}
