import Foundation
import Translation

/// When a prize may be handed to a member: the same rules on the console and on the store, so
/// two consoles handing out the last item end with one claim and one clear refusal.
public enum RedemptionRules {
    /// How far in the future a claim's time may be (clocks of consoles drift a little).
    static let clockSlack: TimeInterval = 10 * 60

    /// Why the redemption `fields` (checked) may not be stored; nil when it may.
    public static func refusal(_ fields: JSONValue, id: String, lookup: any RecordLookup, now: Date) throws -> ValidationIssue? {
        guard let prizeId = fields["prize"]?.stringValue, let memberId = fields["member"]?.stringValue,
              let at = fields["at"]?.stringValue.flatMap(DateTimeText.parseUTC) else { return nil }
        guard let prize = try lookup.live(RecordType.prize.entity, id: prizeId) else {
            return ValidationIssue(field: "prize", message: tr("there is no prize {id} in this organization", ["id": prizeId]))
        }
        let name = RecordType.prize.title(of: prize)
        let who = try lookup.live(RecordType.member.entity, id: memberId)?["email"]?.stringValue ?? memberId
        let records = try lookup.live(RecordType.redemption.entity, where: "prize", is: prizeId).filter { $0.id != id }
        if let reversed = fields["reverses"]?.stringValue, !reversed.isEmpty {
            return undoRefusal(fields, reverses: reversed, records: records, prize: name)
        }
        if at.timeIntervalSince(now) > clockSlack {
            return ValidationIssue(field: "at", message: tr("is in the future ({date}); record a prize when it is handed over",
                                                            ["date": DateTimeText.utc(at)]))
        }
        if prize["retired"]?.boolValue == true {
            return ValidationIssue(field: "prize", message: tr("“{prize}” is retired and takes no new claims (claims made before stay)",
                                                               ["prize": name]))
        }
        if let from = prize["availableFrom"]?.stringValue.flatMap(DateTimeText.parseUTC), at < from {
            return ValidationIssue(field: "prize", message: tr("“{prize}” can be claimed from {date}, not before",
                                                               ["prize": name, "date": DateTimeText.utc(from)]))
        }
        if let until = prize["availableUntil"]?.stringValue.flatMap(DateTimeText.parseUTC), at > until {
            return ValidationIssue(field: "prize", message: tr("“{prize}” could be claimed until {date}; its claims are closed",
                                                               ["prize": name, "date": DateTimeText.utc(until)]))
        }
        if let levelId = prize["level"]?.stringValue {
            let level = try lookup.live(RecordType.passportLevel.entity, id: levelId)
            let needed = Int(level?["stamps"]?.int64Value ?? 0)
            let stamps = try lookup.live(RecordType.stamp.entity, where: "member", is: memberId)
                .reduce(0) { $0 + Int($1.fields["stamps"]?.int64Value ?? 0) }
            if stamps < needed {
                return ValidationIssue(field: "member", message: tr("{member} has {stamps} stamps; “{prize}” needs the {level} level ({needed} stamps)",
                                                                    ["member": who, "stamps": String(stamps), "prize": name,
                                                                     "level": level?["name"]?.stringValue ?? levelId,
                                                                     "needed": String(needed)]))
            }
        }
        // Claims undone (and the undos themselves) count for neither the stock nor the limit.
        let claims = RedemptionClaims.counted(records, id: \.id, fields: \.fields)
        if let stock = prize["stock"]?.int64Value, claims.count >= Int(stock) {
            return ValidationIssue(field: "prize", message: trn("“{prize}” is out of stock: its one item has been claimed",
                                                                "“{prize}” is out of stock: all {count} have been claimed",
                                                                Int(stock), ["prize": name]))
        }
        let limit = Int(prize["limitPerMember"]?.int64Value ?? 1)
        let mine = claims.filter { $0.fields["member"]?.stringValue == memberId }.count
        if mine >= limit {
            return ValidationIssue(field: "member", message: trn("{member} has already claimed “{prize}” {count} time; the limit is {limit} per member",
                                                                 "{member} has already claimed “{prize}” {count} times; the limit is {limit} per member",
                                                                 mine, ["member": who, "prize": name, "limit": String(limit)]))
        }
        return nil
    }

    /// Why an undo of the redemption `reversed` may not be stored: it needs a note, and undoes
    /// a claim of the same prize and member that is not undone yet (an undo is never undone;
    /// the prize is recorded again instead). Level, window and stock are not asked: taking back
    /// a claim made in error only gives an item back.
    static func undoRefusal(_ fields: JSONValue, reverses reversed: String, records: [(id: String, fields: JSONValue)],
                            prize: String) -> ValidationIssue? {
        if (fields["note"]?.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return ValidationIssue(field: "note", message: tr("is required: say why the redemption is undone"))
        }
        guard let target = records.first(where: { $0.id == reversed }),
              target.fields["member"]?.stringValue == fields["member"]?.stringValue else {
            return ValidationIssue(field: "reverses", message: tr("there is no redemption {id} of “{prize}” for this member to undo",
                                                                 ["id": reversed, "prize": prize]))
        }
        if RedemptionClaims.isUndo(target.fields) {
            return ValidationIssue(field: "reverses", message: tr("{id} is itself an undo; record the prize again instead",
                                                                  ["id": reversed]))
        }
        if let earlier = records.first(where: { $0.fields["reverses"]?.stringValue == reversed }) {
            return ValidationIssue(field: "reverses", message: tr("{id} was already undone on {date}",
                                                                  ["id": reversed, "date": earlier.fields["at"]?.stringValue ?? ""]))
        }
        return nil
    }

    /// How many of the prize are left: its stock less its claims; nil for no limit.
    public static func left(prize: JSONValue, claims: Int) -> Int? {
        prize["stock"]?.int64Value.map { max(0, Int($0) - claims) }
    }
}
