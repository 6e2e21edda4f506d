import Foundation
import GRDB
import Translation

/// At most one open record per value of a field: a book is on one loan at a time. The console
/// refuses a second open one when it is written (`RecordService`), and the store refuses it
/// when pushed (`PushPlanner`), so two consoles lending the same copy offline end with one
/// loan on the store and a rejected change on the console that sent it second.
public struct OneOpenRule: Sendable {
    /// The reference field whose value may have one open record.
    public let field: String
    /// Whether a record's fields (checked, canonical) are open.
    public let isOpen: @Sendable (_ fields: JSONValue) -> Bool
    /// The live records that may hold a value open, read through an index when the type has
    /// one; nil: every live record of the type is looked at.
    let candidates: (@Sendable (_ value: String, _ orgId: UUID, _ db: Database) throws -> [LocalRecord])?

    /// The value `fields` holds open, if it is open and holds one.
    public func openValue(_ fields: JSONValue) -> String? {
        guard isOpen(fields), let value = fields[field]?.stringValue, !value.isEmpty else { return nil }
        return value
    }
}

extension RecordType {
    func oneOpen(per field: String, isOpen: @escaping @Sendable (_ fields: JSONValue) -> Bool,
                 candidates: (@Sendable (_ value: String, _ orgId: UUID, _ db: Database) throws -> [LocalRecord])? = nil)
        -> RecordType {
        var copy = self
        copy.oneOpenRule = OneOpenRule(field: field, isOpen: isOpen, candidates: candidates)
        return copy
    }

    /// Another live open record holding the same value as `fields` (not `id` itself), if any.
    func openRival(of fields: JSONValue, id: UUID, org: Organization, _ db: Database) throws -> LocalRecord? {
        guard let rule = oneOpenRule, let value = rule.openValue(fields) else { return nil }
        let records = try rule.candidates?(value, org.id, db) ?? RecordService.live(self, org: org, db)
        return records.first {
            $0.id != id && rule.openValue($0.fields) == value
        }
    }

    /// Refuses `fields` when another open record holds the same value, naming it.
    func checkOneOpen(_ fields: JSONValue, id: UUID, org: Organization, _ db: Database) throws {
        guard let rule = oneOpenRule, let rival = try openRival(of: fields, id: id, org: org, db) else { return }
        throw ValidationError(field: FieldSpec.kebab(rule.field),
                              message: tr("is already on the open {noun} {id}; close that one first",
                                          ["noun": noun, "id": rival.key]))
    }
}
