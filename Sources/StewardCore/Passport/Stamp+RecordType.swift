import Foundation
import Translation

extension RecordType {
    /// One line of the passport's stamp ledger: a member got (or lost) stamps at an event.
    /// Append-only: entries are never changed or deleted, a revocation is a new entry that
    /// points at the one it reverses, and totals, levels and the leaderboard are read from the
    /// ledger (`StampLedger`, `StampTotals`). Staff write grants and revocations; check-ins come
    /// from the store. Members never read the ledger through the generic read endpoints: it
    /// names who went where.
    public static let stamp = RecordType(
        entity: "stamp", commandName: "stamps", module: .stamps,
        nouns: RecordNouns(trLater("stamp entry"), trLater("stamp entries"), title: trLater("Stamp Entry"),
                           pluralTitle: trLater("Stamp Entries"),
                           counted: { trn("{count} stamp entry", "{count} stamp entries", $0, ["count": $1]) }),
        fields: [
            FieldSpec("member", trLater("Member"), .reference(entity: RecordType.member.entity), [.required, .listed],
                      help: trLater("The member who got the stamps.")),
            FieldSpec("event", trLater("Event"), .reference(entity: SyncEntity.event), [.required, .listed],
                      help: trLater("The event they were for.")),
            FieldSpec("stamps", trLater("Stamps"), .integer(-100...100), [.required, .listed],
                      help: trLater("How many stamps: the event's stamp value, negative for a revocation.")),
            FieldSpec("kind", trLater("Kind"), .choice(StampKind.allCases.map(\.rawValue)), [.required, .listed],
                      help: trLater("check-in, grant (by staff) or revoke (a reversing entry)."))
                .showingChoices { StampKind(rawValue: $0)?.text },
            FieldSpec("by", trLater("By"), .text(maxLength: 200), [.required, .listed, .searchable],
                      help: trLater("Who made the entry: staff, or the member who checked in.")),
            FieldSpec("at", trLater("When"), .dateTime, [.required, .listed], help: trLater("When the entry was made.")),
            FieldSpec("note", trLater("Note"), .text(maxLength: 500), [.searchable],
                      help: trLater("Why staff granted or revoked it (required for those).")),
            FieldSpec("reverses", trLater("Reverses"), .reference(entity: "stamp"),
                      help: trLater("For a revocation, the entry it reverses.")),
            FieldSpec("occurrence", trLater("Date"), .text(maxLength: 19), [.leftOutWhenEmpty],
                      help: trLater("For a repeating event, the date the stamps were for: its start, like 2026-12-02T19:00, or its day, like 2026-12-02.")),
        ],
        titleField: "at", orderField: "at", orderDescending: true)
        .appendOnly(correction: trLater("revoke with a reversing entry"))
        .staffOnly()
        .rule { values, issues in StampRules.check(values, &issues) }
}

/// What makes a stamp entry coherent, beside each field on its own.
enum StampRules {
    static func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        guard let kind = values["kind"]?.stringValue.flatMap(StampKind.init(rawValue:)) else { return }
        let stamps = values["stamps"]?.int64Value ?? 0
        let reverses = values["reverses"]?.stringValue
        if let occurrence = values["occurrence"]?.stringValue, !occurrence.isEmpty, OccurrenceKeys.isDate(occurrence) == nil {
            issues.add("occurrence", tr("must be a start like 2026-12-02T19:00 or a date like 2026-12-02 (got {value})",
                                        ["value": occurrence]))
        }
        if kind.needsNote, FieldKind.isEmpty(values["note"]) {
            issues.add("note", tr("is required for a {kind}: say why", ["kind": kind.rawValue]))
        }
        if kind == .revoke {
            if reverses == nil { issues.add("reverses", tr("is required for a revocation: the entry it reverses")) }
            if stamps > 0 { issues.add("stamps", tr("must be 0 or less for a revocation (got {count})", ["count": String(stamps)])) }
        } else {
            if reverses != nil { issues.add("reverses", tr("only a revocation reverses an entry")) }
            if stamps < 0 { issues.add("stamps", tr("must be 0 or more for a {kind} (got {count})", ["kind": kind.rawValue, "count": String(stamps)])) }
        }
    }
}
