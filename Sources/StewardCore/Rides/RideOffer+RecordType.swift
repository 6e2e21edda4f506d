import Foundation
import Translation

extension RecordType {
    /// A driver's offer of seats to an event: one way or both, from a pickup place within a
    /// radius, at their times, with an optional passenger gender preference. Only registered
    /// members drive, so the driver is a member record. Seats count per leg.
    public static let rideOffer = RecordType(
        entity: "rideOffer", commandName: "ride-offers", module: .rides,
        nouns: RecordNouns(trLater("ride offer"), trLater("ride offers"), title: trLater("Ride Offer"), pluralTitle: trLater("Ride Offers"),
                           counted: { trn("{count} ride offer", "{count} ride offers", $0, ["count": $1]) }),
        fields: [
            RideRecordFields.event(),
            RideOccurrences.spec(),
            FieldSpec("member", trLater("Driver"), .reference(entity: RecordType.member.entity), [.required, .listed],
                      help: trLater("The driver: a registered member (see `stewardctl members list`).")),
            FieldSpec("seats", trLater("Seats"), .integer(1...RideRules.mostSeats), [.required, .listed],
                      help: trLater("How many passengers they can take on each leg.")),
            RideRecordFields.direction(),
        ] + RideRecordFields.place() + [
            FieldSpec("radiusKm", trLater("Pickup radius (km)"), .integer(0...RideRules.widestRadiusKm), [.required],
                      help: trLater("How far from their pickup place they will fetch a passenger, 0 to 100 km.")),
        ] + RideRecordFields.times() + [
            RideRecordFields.gender("gender", trLater("Gender"), help: trLater("The driver's gender: female or male.")),
            RideRecordFields.gender("passengerGender", trLater("Passenger gender"),
                                    help: trLater("Only passengers of this gender, when set.")),
        ] + RideRecordFields.phone() + RideRecordFields.cancellation(),
        titleField: "pickupPlace", orderField: "departAt")
        .rule { values, issues in RideRecordFields.check(values, &issues) }
        // Pickup places and times are for staff and, once matched, the riders themselves.
        .staffOnly()
        .admitted(reading: []) { change, lookup, _ in try RideOccurrences.refusal(change.fields, lookup: lookup) }
}

/// The limits every organization's rides share.
public enum RideRules {
    public static let mostSeats: Int64 = 12
    public static let widestRadiusKm: Int64 = 100
    /// How far apart a driver's and a passenger's times may be on a leg, for stored events.
    public static let maxTimeGapMinutes: Double = 30
    /// How long before an event's start riders meet at a default pickup, unless told.
    public static let defaultPickupGapMinutes: Int64 = 15
    public static let longestPickupGapMinutes: Int64 = 24 * 60
}
