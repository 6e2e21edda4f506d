import Foundation
import GRDB

/// Local records that carry a store version the store at hand does not list: what the end of a
/// full read does with them, and how a record is made "not sent yet" again.
///
/// A record's absence from a full read means it was deleted only when the versions came from
/// this very store and the record's version is one whose tombstone the store may have purged.
/// Anything else (another store, a new one at the same address, this store restored from a
/// backup older than the record) is a store that never had the record or lost it: the staff's
/// record stays, and is sent again.
enum RecordsNotOnStore {
    struct Outcome: Hashable, Sendable {
        /// Records deleted on this store whose tombstones were purged, and records only a store
        /// makes (and what refers to them) that the store does not have: dropped here too.
        var dropped = 0
        /// Staff records the store does not have: made unsent, in the outbox to go to it.
        var resent = 0
    }

    /// At the end of a full read (`resyncSeen` holds what the feed listed): settles every
    /// versioned record the feed did not list, and remembers the store's identity.
    static func settle(org: Organization, page: PullResponse, _ db: Database) throws -> Outcome {
        let known = try Remote.fetch(orgId: org.id, db)?.storeId
        var outcome = Outcome()
        guard let storeId = page.storeId else {
            // A store that does not say who it is cannot be told from another: drop nothing.
            return outcome
        }
        let sameStore = known == storeId
        let purged = sameStore ? max(0, page.purgedThrough ?? 0) : 0
        let (sendable, storeMade) = split(try unseen(orgId: org.id, above: purged, db))
        outcome.resent = try markUnsent(sendable, db)
        // What only a store makes is the store's to say: a store that lacks it has no such
        // member, answer or submission, and no console could send it there. A staff decision
        // on one that still waits to be sent stays with it.
        for record in storeMade where try !SyncIssues.hasOutbox(entity: record.entity, recordId: record.key, db) {
            try RecordTypes.storage(for: record.entity).remove(entity: record.entity, id: record.key, db)
            outcome.dropped += 1
        }
        if sameStore {
            outcome.dropped += try RecordTypes.dropUnseen(orgId: org.id, throughVersion: purged, db)
        }
        try db.execute(sql: "UPDATE remote SET storeId = ? WHERE orgId = ?",
                       arguments: [storeId, UUIDColumn.encode(org.id)])
        return outcome
    }

    /// Splits records a store does not have into those a console can send it and those it
    /// cannot: records only a store makes (members, answers, submissions), records of a type
    /// this console does not know, and records that refer to one of those (a check-in's
    /// stamp entry names a member the store would not find).
    static func split(_ missing: [LocalRecord]) -> (send: [LocalRecord], keep: [LocalRecord]) {
        func key(_ entity: String, _ id: String) -> String { "\(entity)/\(id.lowercased())" }
        var keep: [LocalRecord] = []
        var kept = Set<String>()
        var send: [LocalRecord] = []
        for record in missing {
            if RecordTypes.named(record.entity).map({ !$0.isMadeByStore }) ?? false {
                send.append(record)
            } else {
                keep.append(record)
                kept.insert(key(record.entity, record.key))
            }
        }
        var changed = true
        while changed {
            changed = false
            send.removeAll { record in
                let refersToKept = RecordTypes.named(record.entity)?.references.contains { reference in
                    record.fields[reference.field.name]?.stringValue.map { kept.contains(key(reference.entity, $0)) } ?? false
                } ?? false
                if refersToKept {
                    keep.append(record)
                    kept.insert(key(record.entity, record.key))
                    changed = true
                }
                return refersToKept
            }
        }
        return (send, keep)
    }

    /// Makes `records` unsent: version 0, so the store takes them as new, and an outbox entry
    /// with their fields where none waits (a waiting one is sent at base 0 too: the push reads
    /// the record's version when it numbers the entry). A tombstone is removed instead: there
    /// is nothing to send for a record deleted here that the store never had. Records that
    /// others refer to go first, so the store finds what a reference names. Returns how many
    /// will be sent.
    @discardableResult
    static func markUnsent(_ records: [LocalRecord], _ db: Database) throws -> Int {
        let rank = referenceRanks()
        let ordered = records.sorted { (rank[$0.entity] ?? 0, $0.entity, $0.key) < (rank[$1.entity] ?? 0, $1.entity, $1.key) }
        var sent = 0
        for record in ordered {
            let storage = RecordTypes.storage(for: record.entity)
            if record.deleted {
                if try !SyncIssues.hasOutbox(entity: record.entity, recordId: record.key, db) {
                    try storage.remove(entity: record.entity, id: record.key, db)
                }
                continue
            }
            try storage.setVersion(0, entity: record.entity, id: record.key, db)
            try db.execute(sql: "UPDATE outbox SET baseVersion = 0 WHERE entity = ? AND recordId = ?",
                           arguments: [record.entity, record.key])
            if try !SyncIssues.hasOutbox(entity: record.entity, recordId: record.key, db) {
                try RecordWrites.appendOutbox(entity: record.entity, orgId: record.orgId, recordId: record.id,
                                              fields: record.fields, baseVersion: 0, at: .storedNow, db)
            }
            sent += 1
        }
        return sent
    }

    /// The organization's records with a version above `above` that the full read did not
    /// list, but for those held by an open conflict (resolving it settles them).
    private static func unseen(orgId: UUID, above: Int64, _ db: Database) throws -> [LocalRecord] {
        let org = UUIDColumn.encode(orgId)
        var seen = Set<String>()
        let rows = try Row.fetchCursor(db, sql: "SELECT entity, recordId FROM resyncSeen WHERE orgId = ?", arguments: [org])
        while let row = try rows.next() { seen.insert("\(row["entity"] as String)/\(row["recordId"] as String)") }
        var conflicted = Set<String>()
        let conflicts = try Row.fetchCursor(db, sql: "SELECT entity, recordId FROM syncConflict WHERE orgId = ?", arguments: [org])
        while let row = try conflicts.next() { conflicted.insert("\(row["entity"] as String)/\(row["recordId"] as String)") }
        return try RecordTypes.allRecords(orgId: orgId, db).filter { record in
            let key = "\(record.entity)/\(record.key)"
            return record.version > above && !seen.contains(key) && !conflicted.contains(key)
        }
    }

    /// How deep each type sits in the chain of references: a type that refers to none is 0,
    /// one that refers to a type of rank n is n + 1 (a type that refers to itself counts once).
    private static func referenceRanks() -> [String: Int] {
        var rank: [String: Int] = [:]
        func depth(_ entity: String, _ visiting: Set<String>) -> Int {
            if let known = rank[entity] { return known }
            guard let type = RecordTypes.named(entity) else { return 0 }
            let targets = type.references.map(\.entity).filter { $0 != entity && !visiting.contains($0) }
            let value = targets.map { depth($0, visiting.union([entity])) + 1 }.max() ?? 0
            rank[entity] = value
            return value
        }
        for type in RecordTypes.all { _ = depth(type.entity, []) }
        return rank
    }
}
