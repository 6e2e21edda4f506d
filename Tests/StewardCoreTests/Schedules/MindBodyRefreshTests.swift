import Foundation
import GRDB
import Testing
@testable import StewardCore

/// Refreshes through a fake MindBody v6 on the loopback: paging, the headers, every way a
/// refresh can fail (each changing nothing), and what a refresh keeps and counts.
@Suite(.serialized) struct MindBodyRefreshTests {
    let org = ScheduleFixture.org
    let window = ScheduleFixture.window
    let database: AppDatabase
    let credentials = MemoryCredentialStore()

    init() throws {
        database = try AppDatabase.inMemory()
        try database.writer.write { db in try ScheduleFixture.org.insert(db) }
    }

    private func service(timeout: Double = 20) -> ScheduleService {
        ScheduleService(database: database, credentials: credentials,
                        http: HTTPClient(options: HTTPClientOptions(connectTimeout: 5, totalTimeout: timeout)))
    }

    /// A MindBody source on the fake server, read two classes a page.
    private func source(_ server: FakeMindBody, site: String = "-99", key: String = "test-key",
                        on service: ScheduleService) async throws -> ScheduleSource {
        try await service.addMindBody(baseURL: server.url, siteId: site, apiKey: key, in: org)
    }

    private func refresh(_ service: ScheduleService, _ source: ScheduleSource, pageSize: Int = 2) async throws -> RefreshCounts {
        // The service reads 200 a page; the client is asked directly for small pages here.
        let key = try credentials.loadAPIToken(ScheduleSourceKey.credentialKey(installation: try database.installationId(), source: source))
        let client = MindBodyClient(http: service.http, baseURL: source.location, siteId: source.siteId ?? "",
                                    apiKey: key ?? "", pageSize: pageSize)
        let classes = try await client.classes(in: window, zone: org.timeZone)
        return try await database.writer.write { db in
            try ScheduleMirror.apply(classes, source: source, org: org, scope: window, now: Date(), db)
        }
    }

    private func mirror() async throws -> [ScheduledClass] {
        try await database.writer.read { db in try ScheduledClass.fetchAll(db, sql: "SELECT * FROM scheduledClass ORDER BY id") }
    }

    private func sources() async throws -> [ScheduleSource] {
        try await database.writer.read { db in try ScheduleSource.fetchAll(db) }
    }

    @Test func pagesAreReadUntilTheTotalWithTheKeyAndSite() async throws {
        let server = try FakeMindBody()
        let service = service()
        let source = try await source(server, on: service)
        let client = MindBodyClient(http: service.http, baseURL: server.url, siteId: "-99", apiKey: "test-key", pageSize: 2)
        let classes = try await client.classes(in: window, zone: org.timeZone)
        #expect(classes.map(\.sourceClassId) == ScheduleFixture.items.map { String($0.id) })
        let asked = try await server.requests()
        #expect(asked.map { $0["query"]?["Offset"]?.stringValue } == ["0", "2", "4", "6"])
        #expect(asked.allSatisfy { $0["query"]?["Limit"]?.stringValue == "2" })
        #expect(asked.allSatisfy { $0["apiKey"]?.stringValue == "test-key" && $0["siteId"]?.stringValue == "-99" })
        #expect(asked.first?["query"]?["StartDateTime"]?.stringValue == "2027-01-01T00:00:00")
        #expect(asked.first?["query"]?["EndDateTime"]?.stringValue == "2027-02-01T00:00:00")

        // The service's own refresh: one page of 200, the same mirror.
        let results = try await service.refresh(source.id, in: org, window: window)
        #expect(results.first?.counts == RefreshCounts(new: 7, cancelled: 1, substitutes: 2))
        #expect(try await mirror().count == 7)
        #expect(try await sources().first?.lastRefreshedAt != nil)
    }

    @Test func theKeyIsKeptInTheCredentialStoreNotTheDatabase() async throws {
        let server = try FakeMindBody()
        let service = service()
        let source = try await source(server, key: "secret-key-123", on: service)
        let kept = try credentials.loadAPIToken(ScheduleSourceKey.credentialKey(installation: try database.installationId(), source: source))
        #expect(kept == "secret-key-123")
        let dump = try await database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT kind || location || coalesce(siteId, '') || coalesce(lastCounts, '') FROM scheduleSource")
        }
        #expect(!dump.joined().contains("secret-key-123"))
        try await service.removeSource(source.id, in: org)
        #expect(try credentials.loadAPIToken(ScheduleSourceKey.credentialKey(installation: try database.installationId(), source: source)) == nil)
    }

    /// Refreshes once, adds a note, then runs `failing` and checks nothing moved.
    private func expectUnchanged(after failing: (ScheduleService, ScheduleSource) async throws -> Void,
                                 server: FakeMindBody, service: ScheduleService, site: String = "-99",
                                 key: String = "test-key") async throws {
        let good = try await source(server, site: site, key: key, on: service)
        _ = try await refresh(service, good)
        let noted = try #require(try await mirror().first)
        try await service.setNote("Bring towels", on: noted.id, in: org)
        try server.serve(Array(ScheduleFixture.items.dropLast(2)))  // a changed timetable that never lands
        let before = (try await mirror(), try await sources())
        try await failing(service, good)
        let after = (try await mirror(), try await sources())
        #expect(after.0 == before.0)
        #expect(after.1 == before.1)
        #expect(after.0.first { $0.id == noted.id }?.localNote == "Bring towels")
    }

    @Test func aWrongKeyIsRefusedAndChangesNothing() async throws {
        let server = try FakeMindBody()
        try await expectUnchanged(after: { service, good in
            let client = MindBodyClient(http: service.http, baseURL: good.location, siteId: "-99", apiKey: "wrong", pageSize: 2)
            do {
                _ = try await client.classes(in: window, zone: org.timeZone)
                Issue.record("a wrong key was accepted")
            } catch let error as ScheduleRefreshError {
                #expect(error.kind == .refused)
                #expect(error.message.contains("API key") && error.message.contains("401"))
                #expect(error.message.contains("Invalid Api-Key"))
            }
            // Through the service too: the source kept with a wrong key (refreshing all would
            // refresh the good one beside it: see RefreshEachSourceTests).
            let wrong = try await service.addMindBody(baseURL: good.location, siteId: "-99", apiKey: "wrong", in: org)
            await #expect(throws: ScheduleRefreshError.self) { try await service.refresh(wrong.id, in: org, window: window) }
            try await service.removeSource(wrong.id, in: org)
        }, server: server, service: service())
    }

    @Test func aServerErrorOnPageThreeChangesNothing() async throws {
        let server = try FakeMindBody()
        let service = service()
        try await expectUnchanged(after: { service, _ in
            let failing = try await source(server, site: "fail-page-3", on: service)
            do {
                _ = try await refresh(service, failing)
                Issue.record("a 500 on page 3 was not reported")
            } catch let error as ScheduleRefreshError {
                #expect(error.kind == .serverError)
                #expect(error.message.contains("page 3") && error.message.contains("500"))
            }
            #expect(try await server.requests().filter { $0["siteId"]?.stringValue == "fail-page-3" }.count == 3)
            // Removed again so the mirror compares like for like.
            try await database.writer.write { db in _ = try failing.delete(db) }
        }, server: server, service: service)
    }

    @Test func aTimeoutChangesNothing() async throws {
        let server = try FakeMindBody()
        try await expectUnchanged(after: { _, _ in
            let slowService = service(timeout: 1)
            let slow = try await source(server, site: "slow", on: slowService)
            do {
                _ = try await refresh(slowService, slow)
                Issue.record("a stalled page was not reported")
            } catch let error as ScheduleRefreshError {
                #expect(error.kind == .timedOut)
                #expect(error.message.contains("page 2") && error.message.contains("in time"))
            }
            try await database.writer.write { db in _ = try slow.delete(db) }
        }, server: server, service: service())
    }

    @Test func aMalformedPageChangesNothing() async throws {
        let server = try FakeMindBody()
        try await expectUnchanged(after: { service, _ in
            let broken = try await source(server, site: "malformed", on: service)
            do {
                _ = try await refresh(service, broken)
                Issue.record("a malformed page was not reported")
            } catch let error as ScheduleRefreshError {
                #expect(error.kind == .malformed)
                #expect(error.message.contains("page 2") && error.message.contains("JSON"))
            }
            try await database.writer.write { db in _ = try broken.delete(db) }
        }, server: server, service: service())
    }

    @Test func aRefreshKeepsNotesMarksRemovalsAndCounts() async throws {
        let server = try FakeMindBody()
        let service = service()
        let source = try await source(server, on: service)
        #expect(try await refresh(service, source) == RefreshCounts(new: 7, cancelled: 1, substitutes: 2))
        let strength = ClassIdentity.id(sourceId: source.id, sourceClassId: "7001")
        try await service.setNote("Coach away: Alex covers", on: strength, in: org)
        try await service.setFeatured(true, on: strength, in: org)

        var items = ScheduleFixture.items
        items.removeAll { $0.id == 7005 }                                // gone from the source
        items[items.firstIndex { $0.id == 7004 }!].cancelled = true      // newly cancelled
        items[items.firstIndex { $0.id == 7006 }!].substitute = true     // newly a substitute
        items[items.firstIndex { $0.id == 7001 }!].booked = 20           // fuller: an update
        var extra = ScheduleFixture.items[0]
        extra.id = 7008
        extra.start = "2027-01-07T06:00:00"
        items.append(extra)                                              // new
        try server.serve(items)

        let counts = try await refresh(service, source)
        #expect(counts == RefreshCounts(new: 1, updated: 3, cancelled: 1, substitutes: 1, removed: 1))
        let classes = try await mirror()
        #expect(classes.count == 8)
        let kept = try #require(classes.first { $0.id == strength })
        #expect(kept.localNote == "Coach away: Alex covers" && kept.isFeatured)
        #expect(kept.source.totalBooked == 20)
        let removed = try #require(classes.first { $0.source.sourceClassId == "7005" })
        #expect(removed.isRemoved)
        #expect(classes.filter(\.isRemoved).count == 1)

        // Nothing changed at the source: nothing to count, the note still there.
        #expect(try await refresh(service, source) == RefreshCounts())
        // The removed class listed again comes back.
        items.append(ScheduleFixture.items[4])
        try server.serve(items)
        #expect(try await refresh(service, source) == RefreshCounts(updated: 1))
        let after = try await mirror()
        #expect(after.allSatisfy { !$0.isRemoved })
        #expect(after.first { $0.id == strength }?.localNote == "Coach away: Alex covers")
    }

    @Test func anAnswerBeyondTheWindowAskedForIsTheWholeTimetable() async throws {
        let server = try FakeMindBody()
        let service = service()
        let source = try await source(server, on: service)
        // The fake server ignores the dates: asked about the 5th onwards, it lists the 4th too.
        let narrow = DateInterval(start: ScheduleFixture.date("2027-01-05T00:00:00"), end: ScheduleFixture.date("2027-02-01T00:00:00"))
        _ = try await service.refresh(source.id, in: org, window: narrow)
        try server.serve(ScheduleFixture.items.filter { $0.id != 7001 })
        let counts = try await service.refresh(source.id, in: org, window: narrow).first?.counts
        // The 4th's class it no longer lists is removed all the same.
        #expect(counts?.removed == 1)
        #expect(ScheduleService.scope(of: source, [], asked: narrow) == narrow)
    }

    @Test func classesOutsideTheWindowAreNotMarkedRemoved() async throws {
        let server = try FakeMindBody()
        let service = service()
        let source = try await source(server, on: service)
        _ = try await refresh(service, source)
        try server.serve([])
        let narrow = DateInterval(start: ScheduleFixture.date("2027-01-05T00:00:00"), end: ScheduleFixture.date("2027-02-01T00:00:00"))
        let key = try credentials.loadAPIToken(ScheduleSourceKey.credentialKey(installation: try database.installationId(), source: source))
        let classes = try await MindBodyClient(http: service.http, baseURL: server.url, siteId: "-99", apiKey: key ?? "")
            .classes(in: narrow, zone: org.timeZone)
        let counts = try await database.writer.write { db in
            try ScheduleMirror.apply(classes, source: source, org: org, scope: narrow, now: Date(), db)
        }
        // The 4th's three classes lie before the window: only the four later ones are gone.
        #expect(counts.removed == 4)
    }
}
