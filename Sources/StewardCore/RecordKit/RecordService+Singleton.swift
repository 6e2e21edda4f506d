import Foundation
import GRDB

extension RecordService {
    /// The organization's one record of a type kept once per organization, if it has one.
    public func singleton(_ type: RecordType, in org: Organization) async throws -> LocalRecord? {
        precondition(type.isSingleton, "singleton is for types kept once per organization")
        return try await database.writer.read { db in try Self.live(type, org: org, db).first }
    }

    /// Sets the named fields of the organization's one record of `type`, made with them when it
    /// has none (`stewardctl profile set`, the Profile page's Save); the other fields keep their
    /// values. The whole record is checked as the editor checks it: when anything is wrong
    /// nothing is written. Values the same as the stored ones are no edit: nothing is written
    /// or sent, and the stored record is returned.
    public func set(_ type: RecordType, changes: [String: JSONValue], in org: Organization) async throws -> LocalRecord {
        precondition(type.isSingleton, "set is for types kept once per organization")
        try Self.refuseIfAppendOnly(type)
        return try await database.writer.write { db in
            let current = try Self.live(type, org: org, db).first
            var merged: [String: JSONValue] = [:]
            if case .object(let stored)? = current?.fields { merged = stored }
            merged.merge(changes) { _, change in change }
            let checked = try type.validate(.object(merged), orgZone: org.timeZone)
            if let current, checked == current.fields { return current }
            return try Self.put(type, fields: checked, in: org, db)
        }
    }
}
