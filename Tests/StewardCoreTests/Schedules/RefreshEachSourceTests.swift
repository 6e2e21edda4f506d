import Foundation
import GRDB
import Testing
@testable import StewardCore

/// Refreshing all of a gym's sources: each source all or nothing on its own, so one that fails
/// (a key that expired) keeps none of the others from being mirrored, and is named with why.
@Suite(.serialized) struct RefreshEachSourceTests {
    let org = ScheduleFixture.org
    let window = ScheduleFixture.window
    let database: AppDatabase
    let credentials = MemoryCredentialStore()

    init() throws {
        database = try AppDatabase.inMemory()
        try database.writer.write { db in try ScheduleFixture.org.insert(db) }
    }

    private func service() -> ScheduleService {
        ScheduleService(database: database, credentials: credentials,
                        http: HTTPClient(options: HTTPClientOptions(connectTimeout: 5, totalTimeout: 20)),
                        mindBodyPageSize: 2)  // so that "fail-page-3" has a page 3 to fail
    }

    private func mirror() async throws -> [ScheduledClass] {
        try await database.writer.read { db in try ScheduledClass.fetchAll(db, sql: "SELECT * FROM scheduledClass ORDER BY id") }
    }

    private func stored(_ source: ScheduleSource) async throws -> ScheduleSource? {
        try await database.writer.read { db in try ScheduleSource.fetchOne(db, key: UUIDColumn.encode(source.id)) }
    }

    @Test("two sources, one with an expired key: the other is mirrored, the failing one is named with why")
    func oneFailingSourceStopsNoOther() async throws {
        let server = try FakeMindBody()
        let service = service()
        // Another site, so that the two are told apart by name.
        let expired = try await service.addMindBody(baseURL: server.url, siteId: "12345", apiKey: "expired-key", in: org)
        let good = try await service.addMindBody(baseURL: server.url, siteId: "-99", apiKey: "test-key", in: org)
        do {
            _ = try await service.refresh(nil, in: org, window: window)
            Issue.record("a refresh with a refused key said nothing")
        } catch let error as ScheduleRefreshError {
            #expect(error.kind == .refused)
            #expect(error.message.contains(expired.label), "the failing source is named: \(error.message)")
            #expect(error.message.contains("API key"), "and why: \(error.message)")
            #expect(!error.message.contains(good.label), "the good source did not fail: \(error.message)")
        }
        let mirrored = try await mirror()
        #expect(mirrored.count == ScheduleFixture.items.count)
        #expect(mirrored.allSatisfy { $0.sourceId == good.id })
        #expect(try await stored(good)?.lastRefreshedAt != nil)
        #expect(try await stored(good)?.lastCounts == RefreshCounts(new: 7, cancelled: 1, substitutes: 2))
        #expect(try await stored(expired)?.lastRefreshedAt == nil, "nothing of the failing source changed")

        // The automatic refresh is not stuck on the failing source: it was tried just now, so
        // nothing is due until the interval has passed again.
        try await service.setRefreshInterval(60, for: org)
        #expect(try await service.isRefreshDue(for: org) == false)
        #expect(try await service.isRefreshDue(for: org, now: Date().addingTimeInterval(61 * 60)) == true)
    }

    @Test("each source's outcome: the refreshed one with its counts, the failed one with its reason, kept on the source")
    func outcomesPerSource() async throws {
        let server = try FakeMindBody()
        let service = service()
        let good = try await service.addMindBody(baseURL: server.url, siteId: "-99", apiKey: "test-key", in: org)
        let failing = try await service.addMindBody(baseURL: server.url, siteId: "fail-page-3", apiKey: "test-key", in: org)
        let expired = try await service.addMindBody(baseURL: server.url, siteId: "-99", apiKey: "expired-key", in: org)
        let at = Date()
        // Sources added in the same millisecond come in any order: looked up by id.
        let outcomes = Dictionary(uniqueKeysWithValues: try await service.refreshEach(in: org, now: at, window: window)
            .map { ($0.source.id, $0) })
        #expect(Set(outcomes.keys) == [good.id, failing.id, expired.id])
        #expect(try outcomes[good.id]?.result.get().counts == RefreshCounts(new: 7, cancelled: 1, substitutes: 2))
        #expect([good.id, failing.id, expired.id].map { outcomes[$0]?.failure?.kind } == [nil, .serverError, .refused])
        #expect(outcomes[failing.id]?.failure?.message.contains("page 3") == true)
        #expect(try await mirror().allSatisfy { $0.sourceId == good.id })

        // The failure stays on its source, for the window and `schedule sources list`, until
        // a refresh of it succeeds.
        let kept = try #require(try await stored(expired))
        #expect(kept.lastFailure?.contains("API key") == true)
        #expect(kept.lastFailedAt.map { abs($0.timeIntervalSince(at)) < 1 } == true)
        #expect(try await stored(good)?.lastFailure == nil)
        #expect(try await service.sourcesDue(for: org, now: at).isEmpty, "no interval chosen: nothing is due")
        try await service.setRefreshInterval(15, for: org)
        #expect(try await service.sourcesDue(for: org, now: at.addingTimeInterval(60)).isEmpty)
        #expect(Set(try await service.sourcesDue(for: org, now: at.addingTimeInterval(16 * 60)).map(\.id)) == [good.id, failing.id, expired.id])

        // The key is renewed (the source added again would do the same): it refreshes and the failure is gone.
        try credentials.saveAPIToken("test-key", for: ScheduleSourceKey.credentialKey(installation: try database.installationId(), source: expired))
        let again = Dictionary(uniqueKeysWithValues: try await service.refreshEach(in: org, window: window).map { ($0.source.id, $0) })
        #expect([good.id, failing.id, expired.id].map { again[$0]?.failure?.kind } == [nil, .serverError, nil])
        #expect(try await stored(expired)?.lastFailure == nil)
        #expect(try await stored(expired)?.lastFailedAt == nil)
        #expect(try await stored(expired)?.lastRefreshedAt != nil)
    }
}
