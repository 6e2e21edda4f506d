import Foundation
import Testing
import GRDB
@testable import StewardCore

/// One declaration gives validation: each field by its kind, named as the CLI spells it.
@Suite struct RecordValidationTests {
    let zone = TimeZone(identifier: "America/Chicago")!

    @Test func aFundIsCheckedFieldByFieldAndDefaultsFillTheRest() throws {
        let fields = try RecordType.fund.validate(.object(["name": .string("  Building Fund "),
                                                          "url": .string("https://give.example/building")]), orgZone: zone)
        #expect(fields["name"] == .string("Building Fund"))
        #expect(fields["position"] == .int(0))
        #expect(fields["active"] == .bool(true))
        #expect(fields["description"] == .string(""))
    }

    @Test func everyProblemIsNamedByItsOptionName() {
        let input = JSONValue.object(["url": .string("http://give.example"), "position": .string("first"), "colour": .string("red")])
        #expect(throws: ValidationError.self) { try RecordType.fund.validate(input, orgZone: zone) }
        do {
            _ = try RecordType.fund.validate(input, orgZone: zone)
        } catch {
            #expect(error.message(for: "name") == "is required")
            #expect(error.message(for: "url")?.contains("https://") == true)
            #expect(error.message(for: "position")?.contains("whole number") == true)
            #expect(error.message(for: "colour")?.contains("not a field of a giving fund") == true)
        }
    }

    @Test func optionNamesAreKebabCaseOfTheOneFieldName() {
        #expect(FieldSpec.kebab("publishAt") == "publish-at")
        #expect(FieldSpec.kebab("audioURL") == "audio-url")
        #expect(FieldSpec.kebab("linkURL") == "link-url")
        #expect(FieldSpec.kebab("title") == "title")
        #expect(RecordType.message.fields.map(\.optionName).contains("preached-on"))
    }

    @Test func dateTimesAreTypedInTheOrganizationsZoneAndTravelAsUTC() throws {
        let fields = try RecordType.bulletin.validate(.object([
            "title": .string("Advent II"), "date": .string("2026-12-06"),
            "publishAt": .string("2026-12-04T09:00"),
        ]), orgZone: zone)
        #expect(fields["publishAt"] == .string("2026-12-04T15:00:00.000Z"))
        #expect(RecordType.bulletin.field("publishAt")!.kind.editableText(fields["publishAt"], zone: zone) == "2026-12-04T09:00")
    }

    @Test func aBulletinsSectionsAreCheckedItemByItemAndItsWindowMustHoldTogether() {
        let input = JSONValue.object([
            "title": .string("Advent II"), "date": .string("2026-12-06"),
            "sections": .array([.object(["heading": .string("Welcome")]),
                                .object(["heading": .string(""), "body": .string("no heading")])]),
            "publishAt": .string("2026-12-04T09:00"), "expireAt": .string("2026-12-01T09:00"),
        ])
        do {
            _ = try RecordType.bulletin.validate(input, orgZone: zone)
            Issue.record("an empty heading and an expiry before publishing must be refused")
        } catch {
            #expect(error.message(for: "sections") == "item 2: Heading is required")
            // The editor shows it as a sentence, among others, and still finds the item.
            #expect(ListItemIssue.names(item: 2, in: "Title is required\nItem 2: heading is required"))
            #expect(!ListItemIssue.names(item: 1, in: "Title is required\nItem 2: heading is required"))
            #expect(!ListItemIssue.names(item: 2, in: "Item 12: heading is required"))
            // The field at fault is found by its label, the longest first.
            let labels = RecordType.bulletinSectionFields.map(\.label)
            #expect(ListItemIssue.locate("Item 2: Heading is required", itemCount: 3, labels: labels)! == (2, 0))
            #expect(ListItemIssue.locate("Item 3: Link label is too long", itemCount: 3, labels: labels)! == (3, 2))
            #expect(ListItemIssue.locate("Item 3: Link must be a web address", itemCount: 3, labels: labels)! == (3, 3))
            #expect(ListItemIssue.locate("Item 3: something else", itemCount: 3, labels: labels)! == (3, nil))
            #expect(ListItemIssue.locate("Title is required", itemCount: 3, labels: labels) == nil)
        }
        let swapped = JSONValue.object([
            "title": .string("Advent II"), "date": .string("2026-12-06"),
            "sections": .array([.object(["heading": .string("Sign up"), "linkLabel": .string("Register")])]),
            "publishAt": .string("2026-12-04T09:00"), "expireAt": .string("2026-12-01T09:00"),
        ])
        do {
            _ = try RecordType.bulletin.validate(swapped, orgZone: zone)
            Issue.record("an expiry before publishing must be refused")
        } catch {
            #expect(error.message(for: "expire-at") == "must be after the publish time")
            #expect(error.message(for: "sections") == "item 1: Link is needed for the link label (or clear the label)")
        }
    }

    @Test func aBulletinsStatusFollowsItsWindow() throws {
        let now = DateTimeText.parseUTC("2026-12-05T12:00:00Z")!
        func status(_ publish: String?, _ expire: String? = nil) -> BulletinStatus {
            BulletinStatus(fields: .object(["publishAt": JSONValue(publish), "expireAt": JSONValue(expire)]), now: now)
        }
        #expect(status(nil) == .draft)
        #expect(status("2026-12-06T00:00:00.000Z") == .scheduled)
        #expect(status("2026-12-01T00:00:00.000Z") == .live)
        #expect(status("2026-12-01T00:00:00.000Z", "2026-12-05T00:00:00.000Z") == .expired)
        #expect(RecordType.bulletin.isVisibleToMembers(.object(["publishAt": .string("2026-12-01T00:00:00.000Z")]), now: now))
    }

    @Test func aMessageWithAudioNeedsItsSizeAndDurationsReadAsClocks() throws {
        do {
            _ = try RecordType.message.validate(.object([
                "title": .string("Waiting Well"), "preachedOn": .string("2026-11-29"),
                "audioURL": .string("https://media.example/waiting.mp3"),
            ]), orgZone: zone)
            Issue.record("audio without its size must be refused")
        } catch {
            #expect(error.message(for: "audio-bytes")?.contains("size in bytes") == true)
        }
        let fields = try RecordType.message.validate(.object([
            "title": .string("Waiting Well"), "preachedOn": .string("2026-11-29"),
            "audioURL": .string("https://media.example/waiting.mp3"), "audioBytes": .string("31457280"),
            "duration": .string("38:12"),
        ]), orgZone: zone)
        #expect(fields["duration"] == .int(38 * 60 + 12))
        #expect(fields["audioType"] == .string("audio/mpeg"))
        #expect(RecordType.message.field("duration")!.kind.displayText(.int(3723), zone: zone) == "1:02:03")
    }

    @Test func eventsValidateWithTheirOwnRulesThroughTheKit() throws {
        let event = try #require(RecordTypes.named("event"))
        #expect(throws: ValidationError.self) {
            try event.validate(.object(["title": .string("Picnic"), "timing": .string("sometimes")]), orgZone: zone)
        }
        let window = event.storeWindow(of: EventDetails(title: "Picnic", timing: .allDay(
            first: LocalDate(year: 2026, month: 12, day: 6), last: LocalDate(year: 2026, month: 12, day: 6))).syncFields, zone: zone)
        #expect(window.start != nil && window.end != nil)
    }

    @Test func theRegistryNamesEachTypeOnceAndKnowsWhoReferencesWhom() {
        #expect(Set(RecordTypes.all.map(\.entity)).count == RecordTypes.all.count)
        #expect(Set(RecordTypes.all.map(\.commandName)).count == RecordTypes.all.count)
        #expect(RecordTypes.command("funds")?.entity == "fund")
        #expect(RecordTypes.referrers(of: "series").map { "\($0.type.entity).\($0.field.name)" } == ["message.series"])
        #expect(SyncEntity.all.isSuperset(of: ["event", "bulletin", "message", "series", "fund", "podcast"]))
    }
}

/// Local writes of kit types: validation, references, outbox and history together.
@Suite struct RecordServiceTests {
    @Test func creatingAFundWritesTheRowItsOutboxEntryAndItsHistory() async throws {
        let f = try await Fixture()
        let service = RecordService(database: f.database)
        let fund = try await service.create(.fund, fields: .object(["name": .string("Missions"),
                                                                    "url": .string("https://give.example/missions")]), in: f.org)
        #expect(try await f.outboxCount() == 1)
        let listed = try await service.list(.fund, in: f.org)
        #expect(listed.map(\.id) == [fund.id])
        let history = try await HistoryService(database: f.database).history(entity: "fund", recordId: fund.id)
        #expect(history.first?.summary == "Created")
        let payload = try await f.database.writer.read { db in try Outbox.entries(db).first?.payload }
        #expect(payload == fund.fields.canonicalText)
    }

    @Test func invalidInputChangesNothing() async throws {
        let f = try await Fixture()
        let service = RecordService(database: f.database)
        await #expect(throws: ValidationError.self) {
            try await service.create(.fund, fields: .object(["name": .string("Missions"), "url": .string("http://x.example")]), in: f.org)
        }
        #expect(try await f.outboxCount() == 0)
        #expect(try await service.list(.fund, in: f.org).isEmpty)
    }

    @Test func aRowWhoseFieldsCannotBeReadFailsToLoadNamingItAndIsNeverSavedOver() async throws {
        let f = try await Fixture()
        let service = RecordService(database: f.database)
        let fund = try await service.create(.fund, fields: .object(["name": .string("Missions"), "url": .string("https://give.example/missions")]), in: f.org)
        let broken = #"{"name": "Missi"#
        try await f.database.writer.write { db in
            try db.execute(sql: "UPDATE record SET fields = ? WHERE id = ?", arguments: [broken, fund.key])
        }
        let error = await #expect(throws: (any Error).self) { try await service.record(.fund, id: fund.id, in: f.org) }
        #expect(String(describing: error).contains(fund.key), "\(String(describing: error))")
        await #expect(throws: (any Error).self) {
            try await service.replace(.fund, id: fund.id, fields: .object(["name": .string("Typed over"), "url": .string("https://give.example/over")]), in: f.org)
        }
        let kept = try await f.database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT fields FROM record WHERE id = ?", arguments: [fund.key])
        }
        #expect(kept == broken, "the unreadable row is kept as it is")
    }

    @Test func aMessageMustNameASeriesOfTheOrganizationAndASeriesInUseCannotGo() async throws {
        let f = try await Fixture()
        let service = RecordService(database: f.database)
        let missing = UUID()
        do {
            _ = try await service.create(.message, fields: .object([
                "title": .string("Waiting Well"), "preachedOn": .string("2026-11-29"), "series": .string(missing.uuidString),
            ]), in: f.org)
            Issue.record("a message in a series that does not exist must be refused")
        } catch let error as ValidationError {
            #expect(error.message(for: "series")?.contains("there is no series \(missing.uuidString.lowercased())") == true)
        }
        let series = try await service.create(.series, fields: .object(["title": .string("Advent")]), in: f.org)
        let message = try await service.create(.message, fields: .object([
            "title": .string("Waiting Well"), "preachedOn": .string("2026-11-29"), "series": .string(series.key),
        ]), in: f.org)
        await #expect(throws: RecordServiceError.self) { try await service.delete(.series, id: series.id, in: f.org) }
        #expect(try await service.record(.series, id: series.id, in: f.org) != nil)
        try await service.delete(.message, id: message.id, in: f.org)
        try await service.delete(.series, id: series.id, in: f.org)
        #expect(try await service.list(.series, in: f.org).isEmpty)
    }

    @Test func updateChangesOnlyTheNamedFieldsAndSearchFindsWordStarts() async throws {
        let f = try await Fixture()
        let service = RecordService(database: f.database)
        let fund = try await service.create(.fund, fields: .object(["name": .string("Building Fund"),
                                                                    "url": .string("https://give.example/b")]), in: f.org)
        _ = try await service.create(.fund, fields: .object(["name": .string("Missions"), "position": .int(1),
                                                             "url": .string("https://give.example/m")]), in: f.org)
        let updated = try await service.update(.fund, id: fund.id, changes: ["position": .string("2")], in: f.org)
        #expect(updated.fields["position"] == .int(2))
        #expect(updated.fields["name"] == .string("Building Fund"))
        #expect(try await service.list(.fund, in: f.org).map { $0.fields["name"] } == [.string("Missions"), .string("Building Fund")])
        #expect(try await service.list(.fund, in: f.org, search: "buil").count == 1)
        #expect(try await service.list(.fund, in: f.org, search: "fund mis").isEmpty)
    }

    @Test func copyingABulletinToNextWeekMakesADraftAWeekLaterWithTheSameSections() async throws {
        let f = try await Fixture()
        let service = RecordService(database: f.database)
        let sections = JSONValue.array([.object(["heading": .string("Welcome"), "body": .string("Glad you are here")]),
                                        .object(["heading": .string("Giving")])])
        let bulletin = try await service.create(.bulletin, fields: .object([
            "title": .string("Advent II"), "date": .string("2026-12-06"), "sections": sections,
            "publishAt": .string("2026-12-04T09:00"),
        ]), in: f.org)
        let copy = try await service.copyBulletinToNextWeek(bulletin.id, in: f.org)
        #expect(copy.id != bulletin.id)
        #expect(copy.fields["date"] == .string("2026-12-13"))
        #expect(copy.fields["publishAt"] == .null)
        #expect(copy.fields["sections"]?.arrayValue?.compactMap { $0["heading"]?.stringValue } == ["Welcome", "Giving"])
        #expect(RecordType.bulletin.statusText(of: copy.fields) == "Draft")
        #expect(copy.fields["title"] == .string("Advent II"), "a title without a date stays as it is")

        // A title that names its date names the new one.
        let dated = try await service.create(.bulletin, fields: .object([
            "title": .string("Sunday Worship, November 29"), "date": .string("2026-11-29"), "sections": sections,
        ]), in: f.org)
        let next = try await service.copyBulletinToNextWeek(dated.id, in: f.org)
        #expect(next.fields["title"] == .string("Sunday Worship, December 6"))
    }

    @Test func thePodcastSettingsAreKeptOncePerOrganization() async throws {
        let f = try await Fixture()
        let service = RecordService(database: f.database)
        let settings = JSONValue.object([
            "title": .string("Grace Sermons"), "author": .string("Grace Church"), "description": .string("Sundays"),
            "artworkURL": .string("https://media.example/art.jpg"), "ownerEmail": .string("office@grace.example"),
        ])
        _ = try await service.create(.podcast, fields: settings, in: f.org)
        await #expect(throws: RecordServiceError.self) { try await service.create(.podcast, fields: settings, in: f.org) }
    }
}

/// Sync over several types: nothing fails open.
@Suite struct RecordSyncTests {
    @Test func fundsAndEventsPushPullAndDumpTheSameOnBothSides() async throws {
        let f = try await SyncFixture()
        let service = RecordService(database: f.database)
        _ = try await f.create("Choir")
        let fund = try await service.create(.fund, fields: .object(["name": .string("Missions"),
                                                                    "url": .string("https://give.example/m")]), in: f.org)
        let report = try await f.engine().sync(org: f.org)
        #expect(report.pushed == 2)
        #expect(await f.store.record(fund.id)?.entity == "fund")
        #expect(try await service.record(.fund, id: fund.id, in: f.org)?.version == (await f.store.record(fund.id)?.version))
        #expect(try await f.dump() == (await f.store.dump()))

        // A fund changed elsewhere comes back.
        var fields = try #require(await f.store.record(fund.id)?.fields)
        if case .object(var members) = fields { members["position"] = .int(3); fields = .object(members) }
        await f.store.remoteWrite(entity: "fund", fund.id, fields: fields)
        try await f.engine().sync(org: f.org)
        #expect(try await service.record(.fund, id: fund.id, in: f.org)?.fields["position"] == .int(3))
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aPulledRecordOfAnUnknownTypeIsKeptAndDumpedNotSkipped() async throws {
        let f = try await SyncFixture()
        let id = UUID()
        await f.store.remoteWrite(entity: "raffle", id, fields: .object(["name": .string("Gold")]))
        try await f.engine().sync(org: f.org)
        let kept = try await f.read { db in try SharedRecordStorage().fetch(entity: "raffle", id: UUIDColumn.encode(id), db) }
        #expect(kept?.fields["name"] == .string("Gold"))
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aPulledRecordThatFailsTheRulesIsKeptAsAnIssueAndTheCursorMovesOn() async throws {
        let f = try await SyncFixture()
        let id = UUID()
        await f.store.remoteWrite(entity: "fund", id, fields: .object(["name": .string("Old"), "url": .string("http://insecure.example")]))
        let report = try await f.engine().sync(org: f.org)
        #expect(report.pulled == 0)
        let issues = try await f.read { db in try UnreadableRecords.all(orgId: f.org.id, db) }
        #expect(issues.map(\.recordId) == [id])
        #expect(issues.first?.reason.contains("url") == true)
        #expect(try await f.remote().cursor != "")

        // Fixed on the store: the next version reads, and the issue goes.
        await f.store.remoteWrite(entity: "fund", id, fields: .object(["name": .string("Old"), "url": .string("https://secure.example")]))
        try await f.engine().sync(org: f.org)
        #expect(try await f.read { db in try UnreadableRecords.count(orgId: f.org.id, db) } == 0)
        #expect(try await RecordService(database: f.database).record(.fund, id: id, in: f.org) != nil)
    }

    @Test func aPulledRecordThisConsoleCannotKeepUnderItsIdIsKeptAsAnIssueAndCounted() async throws {
        let f = try await SyncFixture()
        // An id that is no UUID, and an id another organization of this console already uses.
        await f.store.remoteWrite(entity: "fund", rawId: "fund-7", fields: .object(["name": .string("Roof"), "url": .string("https://give.example/roof")]))
        let other = try await OrganizationService(database: f.database)
            .add(slug: "other-parish", name: "Other Parish", timeZone: "America/Chicago", kind: .church)
        let theirs = try await RecordService(database: f.database).create(.fund, fields: .object(["name": .string("Theirs"), "url": .string("https://give.example/theirs")]), in: other)
        await f.store.remoteWrite(entity: "fund", theirs.id, fields: .object(["name": .string("Ours"), "url": .string("https://give.example/ours")]))
        let report = try await f.engine().sync(org: f.org)
        #expect(report.pulled == 0)
        let issues = try await f.read { db in try UnreadableRecords.all(orgId: f.org.id, db) }
        #expect(Set(issues.map(\.id)) == ["fund/fund-7", "fund/" + theirs.key], "\(issues)")
        #expect(issues.allSatisfy { !$0.reason.isEmpty && $0.record != nil })
        #expect(try await f.read { db in try UnreadableRecords.count(orgId: f.org.id, db) } == 2)
        #expect(try await RecordService(database: f.database).record(.fund, id: theirs.id, in: other)?["name"] == .string("Theirs"),
                "the other organization's record stays its own")
    }

    @Test func aFundConflictIsResolvedFieldByField() async throws {
        let f = try await SyncFixture()
        let service = RecordService(database: f.database)
        let fund = try await service.create(.fund, fields: .object(["name": .string("Missions"),
                                                                    "url": .string("https://give.example/m")]), in: f.org)
        try await f.engine().sync(org: f.org)
        var theirs = try #require(await f.store.record(fund.id)?.fields)
        if case .object(var members) = theirs { members["position"] = .int(5); theirs = .object(members) }
        await f.store.remoteWrite(entity: "fund", fund.id, fields: theirs)
        _ = try await service.update(.fund, id: fund.id, changes: ["name": .string("World Missions")], in: f.org)
        let report = try await f.engine().push(org: f.org)
        #expect(report.conflicts == 1)
        let detail = try #require(try await f.engine().conflictDetails(org: f.org).first)
        #expect(detail.entity == "fund")
        #expect(detail.fields.filter(\.differs).map(\.key).sorted() == ["name", "position"])
        try await f.engine().resolve(conflictId: detail.id, fields: ["name": .mine])
        try await f.engine().sync(org: f.org)
        let merged = try #require(await f.store.record(fund.id)?.fields)
        #expect(merged["name"] == .string("World Missions"))
        #expect(merged["position"] == .int(5))
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aRejectedFundIsCorrectedAndRetried() async throws {
        let f = try await SyncFixture()
        let service = RecordService(database: f.database)
        let fund = try await service.create(.fund, fields: .object(["name": .string("Missions"),
                                                                    "url": .string("https://give.example/m")]), in: f.org)
        await f.store.setRefused(fund.id, reason: "name: taken")
        try await f.engine().sync(org: f.org)
        let rejected = try #require(try await f.engine().rejectedChanges(org: f.org).first)
        #expect(rejected.entity == "fund")
        #expect(rejected.title == "Missions")
        await f.store.setRefused(fund.id, reason: nil)
        guard case .object(var fields) = try #require(rejected.fields) else { return }
        fields["name"] = .string("Global Missions")
        try await f.engine().retry(deadLetterId: rejected.id, fields: .object(fields))
        try await f.engine().sync(org: f.org)
        #expect(await f.store.record(fund.id)?.fields["name"] == .string("Global Missions"))
        #expect(try await f.engine().rejectedChanges(org: f.org).isEmpty)
    }
}
