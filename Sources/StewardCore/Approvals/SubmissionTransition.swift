import Foundation
import Translation

/// One entry of a submission's decision trail: who moved it from where to where, when, why, and
/// the submission's version the move was based on.
public struct SubmissionTransition: Hashable, Sendable {
    /// "new" for the submission itself.
    public var from: String
    public var to: String
    /// A staff member's email, `member:<email>` for the submitter, `token:<role>` for an API token.
    public var by: String
    public var at: Date
    public var reason: String
    public var basedOn: Int64

    public static let newWord = "new"

    public init(from: String, to: String, by: String, at: Date, reason: String, basedOn: Int64) {
        self.from = from
        self.to = to
        self.by = by
        self.at = at
        self.reason = reason
        self.basedOn = basedOn
    }

    /// The trail's item fields, as the submission declares them.
    static let fields: [FieldSpec] = [
        FieldSpec("from", trLater("From"), .text(maxLength: 40), help: trLater("The status before.")),
        FieldSpec("to", trLater("To"), .text(maxLength: 40), help: trLater("The status after.")),
        FieldSpec("by", trLater("By"), .text(maxLength: 300), help: trLater("Who made the move.")),
        FieldSpec("at", trLater("At"), .dateTime, help: trLater("When.")),
        FieldSpec("reason", trLater("Reason"), .longText(maxLength: ApprovalRules.maxReasonLength), help: trLater("Why.")),
        FieldSpec("basedOn", trLater("Based on"), .integer(0...WireNumbers.maxCounter), help: trLater("The version it was decided on.")),
    ]

    public var json: JSONValue {
        .object(["from": .string(from), "to": .string(to), "by": .string(by), "at": .string(DateTimeText.utc(at)),
                 "reason": .string(reason), "basedOn": .int(basedOn)])
    }

    public init?(json: JSONValue) {
        guard let from = json["from"]?.stringValue, let to = json["to"]?.stringValue,
              let at = json["at"]?.stringValue.flatMap(DateTimeText.parseUTC) else { return nil }
        self.init(from: from, to: to, by: json["by"]?.stringValue ?? "", at: at,
                  reason: json["reason"]?.stringValue ?? "", basedOn: json["basedOn"]?.int64Value ?? 0)
    }
}

/// One field of a re-reviewed event as it was approved and as the submitter now proposes it,
/// both as people read them.
public struct ReviewChange: Hashable, Sendable {
    public var field: String
    public var label: String
    public var approved: String
    public var proposed: String

    public init(field: String, label: String, approved: String, proposed: String) {
        self.field = field
        self.label = label
        self.approved = approved
        self.proposed = proposed
    }

    static let maxText = 4000

    static let fields: [FieldSpec] = [
        FieldSpec("field", trLater("Field"), .text(maxLength: 100), help: trLater("The event field's name.")),
        FieldSpec("label", trLater("Label"), .text(maxLength: 100), help: trLater("The field as the editor labels it.")),
        FieldSpec("approved", trLater("Approved"), .longText(maxLength: maxText), help: trLater("The value members see now.")),
        FieldSpec("proposed", trLater("Proposed"), .longText(maxLength: maxText), help: trLater("The value waiting for review.")),
    ]

    public var json: JSONValue {
        .object(["field": .string(field), "label": .string(label), "approved": .string(approved),
                 "proposed": .string(proposed)])
    }

    public init?(json: JSONValue) {
        guard let field = json["field"]?.stringValue else { return nil }
        self.init(field: field, label: json["label"]?.stringValue ?? field, approved: json["approved"]?.stringValue ?? "",
                  proposed: json["proposed"]?.stringValue ?? "")
    }

    /// The event fields that differ between the approved version and the proposal, in the
    /// declaration's order, as people read them in `zone`; with `only`, among those fields.
    public static func between(approved: JSONValue, proposed: JSONValue, zone: TimeZone,
                               only: Set<String>? = nil) -> [ReviewChange] {
        RecordType.event.wireFields.compactMap { field in
            if let only, !only.contains(field.name) { return nil }
            let before = approved[field.name].flatMap { $0 == .null ? nil : $0 }
            let after = proposed[field.name].flatMap { $0 == .null ? nil : $0 }
            guard before != after else { return nil }
            func shown(_ value: JSONValue?) -> String {
                String(field.kind.displayText(value, zone: zone).prefix(maxText))
            }
            return ReviewChange(field: field.name, label: field.label, approved: shown(before), proposed: shown(after))
        }
    }
}
