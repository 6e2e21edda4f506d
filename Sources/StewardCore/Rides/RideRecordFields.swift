import Foundation
import Translation

/// The fields offers and requests share (where and when someone is picked up, and genders),
/// declared once so both types read and check them the same way.
enum RideRecordFields {
    static let directions = RideDirection.allCases.map(\.rawValue)
    static let genders = RideGender.allCases.map(\.rawValue)

    static func event() -> FieldSpec {
        FieldSpec("event", trLater("Event"), .reference(entity: SyncEntity.event), [.required, .listed],
                  help: trLater("The event the ride is for (see `stewardctl events list`); it must have ride sharing on."))
    }

    static func direction() -> FieldSpec {
        FieldSpec("direction", trLater("Direction"), .choice(directions), [.required, .listed],
                  help: trLater("to (the event), from (the event) or both."))
    }

    static func place() -> [FieldSpec] {
        [
            FieldSpec("pickupPlace", trLater("Pickup place"), .text(maxLength: 200), [.listed, .searchable],
                      help: trLater("Where the pickup is, like \"Poly Canyon Village\"; empty: the event's or the organization's default pickup.")),
            // Left out when empty, as before: a ride without its own pickup takes the default one.
            FieldSpec("pickupLatitude", trLater("Pickup latitude"),
                      .decimal(-90...90, problem: trLater("must be a number of degrees from -90 to 90, like 35.3050")), [.leftOutWhenEmpty],
                      help: trLater("The pickup's latitude in degrees, like 35.3050; empty: the default pickup's.")),
            FieldSpec("pickupLongitude", trLater("Pickup longitude"),
                      .decimal(-180...180, problem: trLater("must be a number of degrees from -180 to 180, like -120.6625")), [.leftOutWhenEmpty],
                      help: trLater("The pickup's longitude in degrees, like -120.6625; empty: the default pickup's.")),
        ]
    }

    /// Whether the member shares their phone with whoever they are matched with, and the number.
    static func phone() -> [FieldSpec] {
        [
            FieldSpec("phone", trLater("Phone"), .phone, [.leftOutWhenEmpty],
                      help: trLater("The member's phone number, shown to whoever they ride with only when they share it.")),
            FieldSpec("sharePhone", trLater("Share phone"), .boolean, [.leftOutWhenEmpty],
                      help: trLater("Show the phone to the driver or riders they are matched with (off unless chosen).")),
        ]
    }

    static func times() -> [FieldSpec] {
        [
            FieldSpec("departAt", trLater("Departs"), .dateTime, [.listed],
                      help: trLater("When they leave for the event (the ride there); empty: the event's start less the default pickup's minutes.")),
            FieldSpec("returnAt", trLater("Returns"), .dateTime,
                      help: trLater("When they leave the event to go back (the ride back); empty: the event's end.")),
        ]
    }

    static func gender(_ name: String, _ label: Translatable, help: Translatable) -> FieldSpec {
        FieldSpec(name, label, .choice(genders), help: help)
    }

    static func cancellation() -> [FieldSpec] {
        [
            // A member cancels through their own endpoint, never by sending these with an offer.
            FieldSpec("cancelled", trLater("Cancelled"), .boolean, [.listed, .setByStaff],
                      help: trLater("Cancelled: kept with its reason, its seats or place freed."), default: .bool(false)),
            FieldSpec("cancelReason", trLater("Cancellation reason"), .text(maxLength: 300), [.setByStaff],
                      help: trLater("Why it was cancelled.")),
        ]
    }

    /// A pickup's coordinates come as a pair, and a place named has its coordinates; a ride
    /// that gives no pickup (nor a time) takes the defaults of its event (`RideDefaults`).
    static func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        RideOccurrences.checkForm(values, &issues)
        let hasLatitude = !FieldKind.isEmpty(values["pickupLatitude"]), hasLongitude = !FieldKind.isEmpty(values["pickupLongitude"])
        if hasLatitude != hasLongitude {
            issues.add(hasLatitude ? "pickup-longitude" : "pickup-latitude", tr("is needed with the other coordinate of the pickup"))
        } else if !hasLatitude, !FieldKind.isEmpty(values["pickupPlace"]) {
            issues.add("pickup-latitude", tr("is needed for the pickup place (or leave the place empty for the default pickup)"))
        }
    }

    /// The pickup point of a stored offer or request.
    static func point(_ fields: JSONValue) -> RidePoint? {
        guard let lat = fields["pickupLatitude"]?.decimalValue,
              let lon = fields["pickupLongitude"]?.decimalValue else { return nil }
        return RidePoint(lat: lat, lon: lon)
    }
}
