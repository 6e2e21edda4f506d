import Foundation
import Translation

/// The fields a default pickup has, whether the organization's or one event's.
enum RidePickupFields {
    static func all() -> [FieldSpec] {
        [
            FieldSpec("pickupPlace", trLater("Pickup place"), .text(maxLength: 200), [.required, .listed, .searchable],
                      help: trLater("Where riders meet when their offer or request names no pickup of its own, like \"PAC\".")),
            FieldSpec("pickupLatitude", trLater("Pickup latitude"),
                      .decimal(-90...90, problem: trLater("must be a number of degrees from -90 to 90, like 35.3050")), [.required],
                      help: trLater("The pickup's latitude in degrees, like 35.3050.")),
            FieldSpec("pickupLongitude", trLater("Pickup longitude"),
                      .decimal(-180...180, problem: trLater("must be a number of degrees from -180 to 180, like -120.6625")), [.required],
                      help: trLater("The pickup's longitude in degrees, like -120.6625.")),
            FieldSpec("gapMinutes", trLater("Minutes before the start"), .integer(0...RideRules.longestPickupGapMinutes), [.required, .listed],
                      help: trLater("How long before the event starts riders should be at the pickup: a ride that gives no time of its own leaves then."),
                      default: .int(RideRules.defaultPickupGapMinutes)),
        ]
    }
}

extension RecordType {
    /// The organization's ride settings: its default pickup (the campus ministry's "PAC") and
    /// how long before an event's start riders meet there. One per organization; offers and
    /// requests that name no pickup of their own use it (`RideDefaults`), unless their event
    /// has its own (`rideEventPickup`).
    public static let rideSettings = RecordType(
        entity: "rideSettings", commandName: "ride-settings", module: .rides,
        nouns: RecordNouns(trLater("ride settings"), trLater("ride settings"), title: trLater("Ride Settings"),
                           pluralTitle: trLater("Ride Settings"),
                           counted: { trn("{count} ride settings record", "{count} ride settings records", $0, ["count": $1]) }),
        fields: RidePickupFields.all(),
        titleField: "pickupPlace")
        .singleton()
        // Members read the default pickup through their rides endpoint (`me/ride-defaults`).
        .staffOnly()

    /// One event's own default pickup and time gap (a retreat leaving from the church's car
    /// park an hour early), in place of the organization's. At most one per event.
    public static let rideEventPickup = RecordType(
        entity: "rideEventPickup", commandName: "ride-event-pickups", module: .rides,
        nouns: RecordNouns(trLater("event pickup"), trLater("event pickups"), title: trLater("Event Pickup"),
                           pluralTitle: trLater("Event Pickups"),
                           counted: { trn("{count} event pickup", "{count} event pickups", $0, ["count": $1]) }),
        fields: [
            FieldSpec("event", trLater("Event"), .reference(entity: SyncEntity.event), [.required, .listed],
                      help: trLater("The event whose default pickup this is (see `stewardctl events list`).")),
        ] + RidePickupFields.all(),
        titleField: "pickupPlace")
        .oneOpen(per: "event", isOpen: { _ in true })
        .staffOnly()
}
