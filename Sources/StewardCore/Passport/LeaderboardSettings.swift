import Foundation
import GRDB

/// Staff's record of what a member (or a minor's guardian) chose about the leaderboard, and
/// whether they are a minor: the member record's `leaderboard` and `minor` fields, changed as
/// any edit (an outbox entry the next sync sends; the store applies just these two fields of a
/// staff change to a member, beside role and disabled).
public enum LeaderboardSettings {
    @discardableResult
    public static func set(member id: UUID, choice: LeaderboardChoice, minor: Bool, in org: Organization,
                           database: AppDatabase) async throws -> LocalRecord {
        try await database.writer.write { db in
            let previous = try StampLedger.member(id, org: org, db)
            guard case .object(var fields) = previous.fields else { return previous }
            fields["leaderboard"] = .string(choice.rawValue)
            fields["minor"] = .bool(minor)
            if JSONValue.object(fields) == previous.fields { return previous }
            var record = previous
            record.fields = .object(fields)
            record.updatedAt = .storedNow
            try RecordWrites.save(record, previous: previous, org: org, db)
            return record
        }
    }
}
