import Foundation
import GRDB

/// Which side a field of a merged conflict comes from.
public enum ConflictFieldChoice: String, Hashable, Sendable, CaseIterable {
    /// This console's value.
    case mine
    /// The store's value.
    case theirs
}

/// One field of a conflict, side by side.
public struct ConflictField: Hashable, Sendable, Identifiable {
    /// The field's name, as validation and `resolve(conflictId:fields:)` name it: the record
    /// type's option names (`publish-at`); for events `title`, `description`, `location`,
    /// `address`, `latitude`, `longitude`, `timing`, `starts`, `ends`, `time-zone`, `image-url`,
    /// `link`, `host`, `contact-name`, `contact-email`, `contact-phone`, `audience`,
    /// `stamp-value`, `ride-sharing`.
    public var key: String
    /// For people: "Title", "Starts"...
    public var label: String
    /// This console's value, as people read it ("" when empty or deleted).
    public var mine: String
    /// The store's value, as people read it ("" when empty, deleted or not known yet).
    public var theirs: String
    public var differs: Bool

    public var id: String { key }
}

/// A conflict as the conflicts page shows it: both versions of the record, field by field.
public struct ConflictDetail: Hashable, Sendable, Identifiable {
    /// The conflict's id, for `resolve`.
    public var id: Int64
    /// The record's type (`event`, `bulletin`...).
    public var entity: String
    public var recordId: UUID
    /// The record's title on this console (the store's when deleted here).
    public var title: String
    public var mineDeleted: Bool
    public var theirsDeleted: Bool
    /// False until the store has shown its side (a sync brings it); until then only whole-side
    /// choices are possible once it is known.
    public var theirsKnown: Bool
    /// Who made the store's version, and when, when the store said.
    public var theirsAuthor: String?
    public var theirsAt: Date?
    /// When the store refused this console's change.
    public var createdAt: Date
    public var fields: [ConflictField]

    /// Whether the sides can be mixed field by field (neither side deleted, the store's known).
    public var canMergeFields: Bool { theirsKnown && !mineDeleted && !theirsDeleted }
}

extension SyncEngine {
    /// The organization's open conflicts, oldest first.
    public func conflictDetails(org: Organization) async throws -> [ConflictDetail] {
        try await database.writer.read { db in
            try SyncIssues.conflicts(orgId: org.id, db).map { try Self.detail(of: $0, org: org, db) }
        }
    }

    /// One conflict, or nil when it is resolved (or never was).
    public func conflictDetail(id: Int64) async throws -> ConflictDetail? {
        try await database.writer.read { db in
            guard let conflict = try SyncIssues.conflict(id: id, db),
                  let org = try Organization.fetchOne(db, sql: "SELECT * FROM organization WHERE id = ?",
                                                      arguments: [UUIDColumn.encode(conflict.orgId)])
            else { return nil }
            return try Self.detail(of: conflict, org: org, db)
        }
    }

    static func detail(of conflict: SyncConflict, org: Organization, _ db: Database) throws -> ConflictDetail {
        let type = RecordTypes.named(conflict.entity)
        let local = try RecordTypes.storage(for: conflict.entity)
            .fetch(entity: conflict.entity, id: UUIDColumn.encode(conflict.recordId), db)
        let mineDeleted = local?.deleted ?? conflict.localDeleted
        let mine: JSONValue? = mineDeleted ? nil : local?.fields ?? conflict.localFields
        let theirsDeleted = conflict.remote?.deleted ?? false
        let theirs: JSONValue? = theirsDeleted ? nil : conflict.remote?.fields
        let presentation = type?.conflicts ?? FieldConflicts(fields: [])
        let title = [mine, theirs, local?.fields].compactMap { $0.flatMap { type?.title(of: $0) } }.first { !$0.isEmpty }
        return ConflictDetail(
            id: conflict.id, entity: conflict.entity, recordId: conflict.recordId, title: title ?? "",
            mineDeleted: mineDeleted, theirsDeleted: theirsDeleted, theirsKnown: conflict.remote != nil,
            theirsAuthor: conflict.remote?.changedBy,
            theirsAt: conflict.remote?.changedAt.map { Date(timeIntervalSince1970: Double($0) / 1000) },
            createdAt: conflict.createdAt,
            fields: presentation.fields(mine: mine, theirs: theirs, zone: org.timeZone))
    }
}
