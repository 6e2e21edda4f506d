import StewardCore

/// The change feed's rules, shared by both databases.
enum FeedRules {
    /// A cursor inside history purged after it was handed out would silently miss deletions:
    /// make the client resync. A cursor issued under the current purge mark (as every page of a
    /// resync after the purge is) missed nothing, however far below the mark it is.
    /// A cursor past the last number given out comes from another store (or a restored backup)
    /// and would wait forever: the same answer.
    static func check(_ cursor: SyncCursor, org: OrgInfo) throws {
        if cursor.sequence > 0 && cursor.purgeMark < org.purgedThroughSeq && cursor.sequence < org.purgedThroughSeq {
            throw StoreFailure.resyncRequired
        }
        if cursor.sequence > org.lastSeq { throw StoreFailure.resyncRequired }
    }

    /// Turns up to `limit + 1` rows into a page: the extra row only says there is more.
    /// The next cursor carries the purge mark of the snapshot the page was read from (the
    /// cursor passed `check` against it, so nothing before it is missing).
    static func page(_ rows: [RemoteRecord], after cursor: SyncCursor, org: OrgInfo, limit: Int) -> ChangesPage {
        let hasMore = rows.count > limit
        let changes = Array(rows.prefix(limit))
        let next = SyncCursor(sequence: changes.last?.version ?? cursor.sequence, purgeMark: org.purgedThroughSeq)
        return ChangesPage(changes: changes, cursor: next, hasMore: hasMore, storeId: org.storeId,
                           purgedThrough: org.purgedThroughSeq)
    }
}

/// Turning stored columns back into records.
enum RecordColumns {
    struct CorruptFields: Error, CustomStringConvertible {
        var id: String
        var description: String { "stored fields of record \(id) are not valid JSON" }
    }

    /// `changedAt` counts only with `changedBy`: versions stored before history was kept have a
    /// time but no author, and carry neither.
    static func record(entity: String, id: String, version: Int64, deleted: Bool, fieldsText: String,
                       changedBy: String? = nil, changedAt: Int64? = nil) throws -> RemoteRecord {
        let fields: JSONValue
        do {
            fields = try JSONValue.parse(fieldsText)
        } catch {
            throw CorruptFields(id: id)
        }
        return RemoteRecord(entity: entity, id: id, version: version, deleted: deleted, fields: fields,
                            changedBy: changedBy, changedAt: changedBy == nil ? nil : changedAt)
    }
}
