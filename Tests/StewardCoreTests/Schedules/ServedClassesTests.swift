import Foundation
import GRDB
import Testing
@testable import StewardCore

/// The mirrored classes reach the apps as kit records (`gymClass`): each refresh, note and
/// featured flag writes them with their outbox entries, only when something changed.
@Suite("Served classes")
struct ServedClassesTests {
    let window = ScheduleFixture.window

    func setUp() async throws -> (AppDatabase, ScheduleService, ScheduleSource) {
        let database = try AppDatabase.inMemory()
        try await database.writer.write { db in try ScheduleFixture.org.insert(db) }
        let service = ScheduleService(database: database, credentials: MemoryCredentialStore())
        let json = try ScheduleFixture.write(ScheduleFixture.v6Answer(), named: "served-\(UUID().uuidString).json")
        let source = try await service.addFile(json, in: ScheduleFixture.org)
        return (database, service, source)
    }

    func served(_ database: AppDatabase) async throws -> [LocalRecord] {
        try await RecordService(database: database).list(.gymClass, in: ScheduleFixture.org)
    }

    func outboxCount(_ database: AppDatabase) async throws -> Int {
        try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox WHERE entity = ?", arguments: [RecordType.gymClass.entity]) ?? 0
        }
    }

    @Test func aRefreshServesEveryClassOnceAndAgainOnlyWhatChanged() async throws {
        let (database, service, source) = try await setUp()
        let org = ScheduleFixture.org
        _ = try await service.refresh(source.id, in: org, window: window)
        let records = try await served(database)
        #expect(records.count == 7)
        #expect(try await outboxCount(database) == 7)
        let spin = try #require(records.first { $0["name"]?.stringValue == "Spin 45" })
        #expect(spin["cancelled"]?.boolValue == true)
        #expect(spin["room"]?.stringValue == "Cycle Room")
        #expect(spin["startsAt"]?.stringValue == DateTimeText.utc(ScheduleFixture.date("2027-01-04T17:30:00")))
        // The served record is the mirrored class, under the same id.
        #expect(spin.id == ClassIdentity.id(sourceId: source.id, sourceClassId: "7003"))
        // Stored as validated: the store accepts exactly these fields.
        #expect(try RecordType.gymClass.validate(spin.fields, orgZone: org.timeZone) == spin.fields)

        _ = try await service.refresh(source.id, in: org, window: window)
        #expect(try await outboxCount(database) == 7, "nothing changed, nothing sent")

        try await service.setNote("Bring the spare bikes up", on: spin.id, in: org)
        try await service.setFeatured(true, on: spin.id, in: org)
        #expect(try await outboxCount(database) == 9)
        let noted = try #require(try await RecordService(database: database).record(.gymClass, id: spin.id, in: org))
        #expect(noted["localNote"]?.stringValue == "Bring the spare bikes up")
        #expect(noted["featured"]?.boolValue == true)

        // The source drops a class: it is served as removed, which members do not see.
        let fewer = Array(ScheduleFixture.items.dropLast())
        try ScheduleFixture.v6Answer(fewer).write(to: URL(fileURLWithPath: source.location))
        _ = try await service.refresh(source.id, in: org, window: window)
        let dropped = try #require(try await served(database).first { $0["removed"]?.boolValue == true })
        #expect(dropped["name"]?.stringValue == "Sunrise Yoga")
        #expect(!RecordType.gymClass.isVisibleToMembers(dropped.fields, now: Date()))
        #expect(RecordType.gymClass.isVisibleToMembers(noted.fields, now: Date()))
        // A refresh keeps the gym's fields on the served record too.
        let kept = try #require(try await RecordService(database: database).record(.gymClass, id: spin.id, in: org))
        #expect(kept["localNote"]?.stringValue == "Bring the spare bikes up")
    }

    @Test func removingTheSourceWithdrawsItsClassesFromTheApps() async throws {
        let (database, service, source) = try await setUp()
        _ = try await service.refresh(source.id, in: ScheduleFixture.org, window: window)
        try await service.removeSource(source.id, in: ScheduleFixture.org)
        #expect(try await served(database).isEmpty)
        let deletes = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox WHERE entity = ? AND operation = 'delete'",
                             arguments: [RecordType.gymClass.entity]) ?? 0
        }
        #expect(deletes == 7)
    }

    @Test func theStoreIndexesAClassByItsTimes() throws {
        let fields: JSONValue = .object(["startsAt": .string("2027-01-04T13:00:00.000Z"), "endsAt": .string("2027-01-04T14:00:00.000Z")])
        let window = RecordType.gymClass.storeWindow(of: fields, zone: ScheduleFixture.zone)
        #expect(window.start == Milliseconds.from(DateTimeText.parseUTC("2027-01-04T13:00")!))
        #expect(window.end == Milliseconds.from(DateTimeText.parseUTC("2027-01-04T14:00")!))
    }

    @Test func eachTrainersWeekHoldsTheClassesTheyTeach() async throws {
        let (database, service, source) = try await setUp()
        _ = try await service.refresh(source.id, in: ScheduleFixture.org, window: window)
        _ = database
        let classes = try await service.classes(in: ScheduleFixture.org, from: window.start, to: window.end)
        let week = TrainerWeek(classes, firstDay: LocalDate(year: 2027, month: 1, day: 4), zone: ScheduleFixture.zone)
        #expect(week.rows.map(\.trainer) == ["Alex Rivera", "Chris Bauer", "Jordan Lee", "Priya Natarajan", "Sam Okafor"])
        let priya = try #require(week.rows.first { $0.trainer == "Priya Natarajan" })
        // HIIT Express on Tuesday; Sunrise Yoga on Wednesday, as a substitute.
        #expect(priya.days[1].map(\.source.name) == ["HIIT Express"])
        #expect(priya.days[2].map(\.source.name) == ["Sunrise Yoga"])
        #expect(priya.days[2].first?.source.isSubstitute == true)
        #expect(priya.classCount == 2)
        let alex = try #require(week.rows.first { $0.trainer == "Alex Rivera" })
        #expect(alex.days.map(\.count) == [1, 0, 1, 0, 0, 0, 0])
    }
}
