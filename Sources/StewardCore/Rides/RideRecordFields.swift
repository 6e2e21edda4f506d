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
                      help: trLater("Where the pickup is, like \"Poly Canyon Village\".")),
            FieldSpec("pickupLatitude", trLater("Pickup latitude"),
                      .decimal(-90...90, problem: trLater("must be a number of degrees from -90 to 90, like 35.3050")), [.required],
                      help: trLater("The pickup's latitude in degrees, like 35.3050.")),
            FieldSpec("pickupLongitude", trLater("Pickup longitude"),
                      .decimal(-180...180, problem: trLater("must be a number of degrees from -180 to 180, like -120.6625")), [.required],
                      help: trLater("The pickup's longitude in degrees, like -120.6625.")),
        ]
    }

    static func times() -> [FieldSpec] {
        [
            FieldSpec("departAt", trLater("Departs"), .dateTime, [.listed],
                      help: trLater("When they leave for the event (the ride there).")),
            FieldSpec("returnAt", trLater("Returns"), .dateTime,
                      help: trLater("When they leave the event to go back (the ride back).")),
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

    /// Each leg the direction covers with its time (the coordinates' range is their kind's).
    static func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        RideOccurrences.checkForm(values, &issues)
        let direction = values["direction"]?.stringValue.flatMap(RideDirection.init(rawValue:))
        if direction?.includes(.to) == true, FieldKind.isEmpty(values["departAt"]) {
            issues.add("depart-at", tr("is needed for a ride to the event"))
        }
        if direction?.includes(.from) == true, FieldKind.isEmpty(values["returnAt"]) {
            issues.add("return-at", tr("is needed for a ride back from the event"))
        }
    }

    /// The pickup point of a stored offer or request.
    static func point(_ fields: JSONValue) -> RidePoint? {
        guard let lat = fields["pickupLatitude"]?.decimalValue,
              let lon = fields["pickupLongitude"]?.decimalValue else { return nil }
        return RidePoint(lat: lat, lon: lon)
    }
}
