import Foundation
import Testing
@testable import StewardCore

/// The city office's passport in the demo: the same ledger for the same day, every kind of entry.
@Suite("Passport demo")
struct PassportDemoTests {
    static let reference = DateTimeText.parseUTC("2026-11-22T18:00")!

    func ledger(_ database: AppDatabase) async throws -> (org: Organization, entries: [StampEntry], summary: DemoDataset.Summary) {
        let summary = try DemoDataset(database: database).load(reference: Self.reference)
        let city = try await OrganizationService(database: database).find(slug: "riverton-community")
        return (city, try await StampLedger(database: database).entries(in: city), summary)
    }

    @Test func theCityOfficeHasAYearOfCheckInsGrantsAndRevocations() async throws {
        let database = try AppDatabase.inMemory()
        let (city, entries, summary) = try await ledger(database)
        #expect(summary.passportRecordsAdded == DemoPassport.people.count + entries.count)
        let byKind = Dictionary(grouping: entries, by: \.kind).mapValues(\.count)
        #expect((byKind[.checkIn] ?? 0) >= 40)
        #expect((byKind[.grant] ?? 0) >= 3)
        #expect(byKind[.revoke] == DemoPassport.revokeNotes.count)
        #expect(entries.allSatisfy { $0.at < Self.reference })
        #expect(entries.allSatisfy { !$0.kind.needsNote || !$0.note.isEmpty })
        // Over the past year, and at most one live stamp per member and event (a series': per date).
        #expect(entries.map(\.at).min()! < Self.reference.addingTimeInterval(-330 * 86_400))
        let months = Set(entries.map { DatePatternText.format($0.at, "yyyy MMM", zone: city.timeZone) })
        #expect(months.count >= 12, "\(months.sorted())")
        let live = StampTotals.live(entries)
        #expect(Set(live.map { "\($0.member) \($0.event) \($0.occurrence ?? "")" }).count == live.count)
        #expect(live.contains { $0.occurrence != nil })
        // Stored as a pull brings them: nothing to send.
        let outbox = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE entity = 'stamp'") ?? 0
        }
        #expect(outbox == 0)
        // Someone reached a level, and the leaderboard leaves off who must not be on it.
        let rows = try await StampLedger(database: database).leaderboard(in: city)
        #expect(rows.contains { $0.level != nil })
        #expect(!rows.contains { $0.email == "dmitri.p@mail.example" || $0.email == "hana.sato@mail.example" })
    }

    @Test func theSameDayGivesTheSameLedger() async throws {
        func shape(_ entries: [StampEntry]) -> [String] {
            entries.map { "\($0.kind.rawValue) \($0.stamps) \(DateTimeText.utc($0.at)) \($0.note)" }
        }
        let first = try await ledger(try AppDatabase.inMemory()).entries
        let second = try await ledger(try AppDatabase.inMemory()).entries
        #expect(shape(first) == shape(second))
    }
}
