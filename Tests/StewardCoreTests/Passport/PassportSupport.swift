import Foundation
@testable import StewardCore

/// A city office with members (as a sync from the store brings them) and events that earn
/// stamps, for the passport's tests.
struct PassportFixture {
    let database: AppDatabase
    let org: Organization
    let ledger: StampLedger

    init() async throws {
        database = try AppDatabase.inMemory()
        org = try await OrganizationService(database: database)
            .add(slug: "riverton", name: "Riverton Community Relations", timeZone: "America/New_York", kind: .cityOffice)
        ledger = StampLedger(database: database)
    }

    /// A member as the store made them.
    @discardableResult
    func member(_ name: String, minor: Bool = false, leaderboard: LeaderboardChoice? = nil) async throws -> UUID {
        var fields: [String: JSONValue] = [
            "displayName": .string(name), "email": .string(Self.email(name)), "audience": .string("residents"),
            "minor": .bool(minor),
        ]
        if let leaderboard { fields["leaderboard"] = .string(leaderboard.rawValue) }
        let checked = try RecordType.member.validate(.object(fields), orgZone: org.timeZone)
        let record = LocalRecord(entity: RecordType.member.entity, orgId: org.id, version: 1, fields: checked)
        let org = self.org
        try await database.writer.write { db in try RecordType.member.storage.write(record, org: org, db) }
        return record.id
    }

    static func email(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " ", with: ".") + "@mail.example"
    }

    func event(_ title: String, stamps: Int = 1, daysAgo: Double = 7) async throws -> UUID {
        let start = Date().addingTimeInterval(-daysAgo * 86_400)
        let details = EventDetails(title: title, timing: .timed(start: start, end: start.addingTimeInterval(7_200),
                                                                timeZone: "America/New_York"),
                                   stampValue: stamps)
        let org = self.org
        return try await database.writer.write { db in try EventService.create(details, in: org, db) }.id
    }
}
