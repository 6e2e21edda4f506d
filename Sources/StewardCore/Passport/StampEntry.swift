import Foundation

/// A stamp entry's fields, typed: what the ledger's rules read.
public struct StampEntry: Hashable, Sendable, Identifiable {
    public var id: UUID
    public var member: String
    public var event: String
    public var stamps: Int
    public var kind: StampKind
    public var by: String
    public var at: Date
    public var note: String
    /// For a revocation, the id of the entry it reverses.
    public var reverses: String?
    /// The date of a repeating event the stamps were for (its original local start, as
    /// `OccurrenceKeys` names it); nil for an event that happens once.
    public var occurrence: String?

    init(id: UUID = UUID(), member: String, event: String, stamps: Int, kind: StampKind, by: String, at: Date,
         note: String, reverses: String? = nil) {
        self.id = id
        self.member = member
        self.event = event
        self.stamps = stamps
        self.kind = kind
        self.by = by
        self.at = at
        self.note = note
        self.reverses = reverses
    }

    /// nil for a record that is not a readable stamp entry.
    public init?(_ record: LocalRecord) {
        self.init(id: record.id, fields: record.fields)
    }

    /// An entry from its id and fields, as the console or the store keeps them; nil for fields
    /// that are not a readable stamp entry.
    public init?(id: UUID, fields: JSONValue) {
        guard let member = fields["member"]?.stringValue, let event = fields["event"]?.stringValue,
              let kind = fields["kind"]?.stringValue.flatMap(StampKind.init(rawValue:)),
              let at = fields["at"]?.stringValue.flatMap(DateTimeText.parseUTC)
        else { return nil }
        self.id = id
        self.member = member
        self.event = event
        stamps = Int(fields["stamps"]?.int64Value ?? 0)
        self.kind = kind
        by = fields["by"]?.stringValue ?? ""
        self.at = at
        note = fields["note"]?.stringValue ?? ""
        reverses = fields["reverses"]?.stringValue
        occurrence = fields["occurrence"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }

    public var key: String { UUIDColumn.encode(id) }

    /// The record's fields, before validation.
    public static func fields(member: String, event: String, stamps: Int, kind: StampKind, by: String, at: Date,
                       note: String, reverses: String? = nil, occurrence: String? = nil) -> JSONValue {
        var fields: [String: JSONValue] = [
            "member": .string(member), "event": .string(event), "stamps": .int(Int64(stamps)),
            "kind": .string(kind.rawValue), "by": .string(by), "at": .string(DateTimeText.utc(at)),
            "note": .string(note), "reverses": reverses.map(JSONValue.string) ?? .null,
        ]
        // Left out for an event that happens once: its entries are as they always were.
        if let occurrence { fields["occurrence"] = .string(occurrence) }
        return .object(fields)
    }
}
