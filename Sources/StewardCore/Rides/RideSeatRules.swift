import Foundation
import Translation

/// When a ride assignment may be stored: its offer and request are open, the pair keeps the
/// rules the solver keeps (`RideEligibility`), the passenger has no other driver on that leg and
/// the offer has a seat left on it. Declared with the `rideAssignment` type as its admission
/// rule, so the console refuses it in the write's transaction and the store again under the
/// organization's lock: two staff assigning the last seat at once get one success.
public enum RideSeatRules {
    /// What the rule reads besides the offer and request the assignment names: the other
    /// assignments of that offer (its seats) and of that request (already seated?).
    static let reads = [
        RecordAdmission.Read(entity: "rideAssignment", field: "offer", from: "offer"),
        RecordAdmission.Read(entity: "rideAssignment", field: "request", from: "request"),
        // The defaults a ride without its own pickup or time takes (`RideDefaults`).
        RecordAdmission.Read(entity: "rideEventPickup", field: "event", from: "event"),
        .every("rideSettings"),
    ]

    /// Why the assignment `change` (checked fields) may not be stored; nil when it may.
    public static func refusal(_ change: RecordChange, lookup: any RecordLookup) throws -> ValidationIssue? {
        let fields = change.fields
        guard let offerId = fields["offer"]?.stringValue, let requestId = fields["request"]?.stringValue,
              let leg = fields["leg"]?.stringValue.flatMap(RideLeg.init(rawValue:)) else { return nil }
        // A missing offer or request is the reference check's to name.
        guard let offer = try lookup.live(RecordType.rideOffer.entity, id: offerId),
              let request = try lookup.live(RecordType.rideRequest.entity, id: requestId) else { return nil }
        if let issue = try RideOccurrences.refusal(fields, lookup: lookup) { return issue }
        // One date's plan seats one date's riders: an offer or request that names a date is
        // seated on that date only (one that names none, on any date of the series).
        let date = RideOccurrences.named(fields)
        if let own = RideOccurrences.named(offer), own != date {
            return ValidationIssue(field: RideOccurrences.field, message: tr("the ride offer {id} is for {date}, not {other}",
                                                                             ["id": offerId, "date": own, "other": date ?? "—"]))
        }
        if let own = RideOccurrences.named(request), own != date {
            return ValidationIssue(field: RideOccurrences.field, message: tr("the ride request {id} is for {date}, not {other}",
                                                                             ["id": requestId, "date": own, "other": date ?? "—"]))
        }
        if offer["cancelled"]?.boolValue == true {
            return ValidationIssue(field: "offer", message: tr("the ride offer {id} is cancelled", ["id": offerId]))
        }
        if request["cancelled"]?.boolValue == true {
            return ValidationIssue(field: "request", message: tr("the ride request {id} is cancelled", ["id": requestId]))
        }
        let defaults = try RideDefaults.read(for: fields, lookup: lookup)
        if let driver = defaults.driver(id: offerId, offer), let passenger = defaults.passenger(id: requestId, request),
           let rule = RideEligibility(maxTimeGapMinutes: RideRules.maxTimeGapMinutes).brokenRule(passenger, driver, on: leg) {
            return ValidationIssue(field: "request", message: rule.text)
        }
        let others = { (field: String, value: String) throws in
            try lookup.live(RecordType.rideAssignment.entity, where: field, is: value)
                .filter { $0.id != change.id && $0.fields["leg"]?.stringValue == leg.rawValue
                    && RideOccurrences.named($0.fields) == date }
        }
        if let seated = try others("request", requestId).first {
            return ValidationIssue(field: "request", message: tr("the passenger already rides with offer {offer} {leg} (assignment {id})",
                                                                 ["offer": seated.fields["offer"]?.stringValue ?? "", "leg": leg.text,
                                                                  "id": seated.id]))
        }
        let seats = Int(offer["seats"]?.int64Value ?? 0)
        if try others("offer", offerId).count >= seats {
            return ValidationIssue(field: "offer", message: trn("the ride offer {id} has no seat left {leg} (its {count} seat is taken)",
                                                                "the ride offer {id} has no seat left {leg} (all {count} seats are taken)",
                                                                seats, ["id": offerId, "leg": leg.text]))
        }
        return nil
    }
}
