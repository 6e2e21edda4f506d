import Foundation
import GRDB

/// Why staff cannot make a decision on this console's copy of a submission or member.
public struct ApprovalRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var id: UUID
    public var message: String
    public var description: String { "\(id.uuidString.lowercased()): \(message)" }
}

/// What staff do with what app members made: decide on submissions and change members' role or
/// disabled flag. Offline-first like every edit: the decision is stored on the console's copy
/// with an outbox entry based on the version the person saw, and the store, which enforces the
/// same `ApprovalRules`, applies it or answers a conflict when someone decided first.
public final class ApprovalService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Submissions of the organization, oldest first: the queue (pending and changes requested)
    /// when `statuses` is nil.
    public func submissions(in org: Organization, statuses: Set<SubmissionStatus>? = nil,
                            search: String = "") async throws -> [LocalRecord] {
        let wanted = statuses ?? Set(SubmissionStatus.allCases.filter(\.isQueued))
        let all = try await RecordService(database: database).list(.submission, in: org, search: search)
        return all.filter { wanted.contains(SubmissionRecord(fields: $0.fields).status) }
    }

    /// Decides on every submission of `ids` at once, in one transaction: all of them, or none
    /// when one may not move (refused as the store would refuse it).
    @discardableResult
    public func decide(_ ids: [UUID], to status: SubmissionStatus, reason: String,
                       in org: Organization) async throws -> [LocalRecord] {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await database.writer.write { db in
            let author = try HistoryLog.localAuthor(orgId: org.id, db)
            var decided: [LocalRecord] = []
            decided.reserveCapacity(ids.count)
            for id in ids {
                let previous = try Self.live(.submission, id: id, org: org, db)
                var submission = SubmissionRecord(fields: previous.fields)
                do {
                    try ApprovalRules.checkDecision(from: submission.status, to: status, reason: reason)
                } catch let refusal as ApprovalRules.Refusal {
                    throw ApprovalRefusal(id: id, message: refusal.message)
                }
                submission.status = status
                submission.noteDecision(by: author, at: Date(), reason: reason)
                var record = previous
                record.fields = submission.json
                record.updatedAt = .storedNow
                try RecordWrites.save(record, previous: previous, org: org, author: author, db)
                if status == .approved { try Self.showPublishedEvent(of: submission, id: id, org: org, db) }
                decided.append(record)
            }
            return decided
        }
    }

    /// Makes a member a trusted organizer (or a member again), or disables or enables them.
    @discardableResult
    public func changeMember(_ id: UUID, role: MemberRole? = nil, disabled: Bool? = nil,
                             in org: Organization) async throws -> LocalRecord {
        try await database.writer.write { db in
            let previous = try Self.live(.member, id: id, org: org, db)
            guard case .object(var fields) = previous.fields else { return previous }
            if let role { fields["role"] = .string(role.rawValue) }
            if let disabled { fields["disabled"] = .bool(disabled) }
            if JSONValue.object(fields) == previous.fields { return previous }
            var record = previous
            record.fields = .object(fields)
            record.updatedAt = .storedNow
            try RecordWrites.save(record, previous: previous, org: org, db)
            return record
        }
    }

    /// A member by id, or by email (any case).
    public func member(_ idOrEmail: String, in org: Organization) async throws -> LocalRecord? {
        let text = idOrEmail.trimmingCharacters(in: .whitespaces)
        if let id = UUID(uuidString: text) {
            return try await RecordService(database: database).record(.member, id: id, in: org)
        }
        let email = text.lowercased()
        return try await RecordService(database: database).list(.member, in: org)
            .first { $0.fields["email"]?.stringValue?.lowercased() == email }
    }

    private static func live(_ type: RecordType, id: UUID, org: Organization, _ db: Database) throws -> LocalRecord {
        guard let record = try type.storage.fetch(entity: type.entity, id: UUIDColumn.encode(id), db),
              record.orgId == org.id, !record.deleted
        else { throw RecordServiceError.notFound(noun: type.noun, id: id) }
        return record
    }
}
