import Foundation

/// A default pickup as the command line and the store's member reads give it.
public enum RideDefaultsJSON {
    /// `{"place": "PAC", "latitude": 37.869, "longitude": -122.261, "gapMinutes": 15, "source": "organization"}`.
    public static func pickup(_ pickup: RideDefaultPickup) -> JSONValue {
        .object(["place": .string(pickup.place), "latitude": .double(pickup.point.lat), "longitude": .double(pickup.point.lon),
                 "gapMinutes": .int(Int64(pickup.gapMinutes)), "source": .string(pickup.source.rawValue)])
    }

    /// The defaults of one event as members read them: the pickup (when one is set) and the
    /// times a ride that gives none leaves there and back.
    public static func defaults(_ defaults: RideDefaults) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if let pickup = defaults.pickup { object["pickup"] = Self.pickup(pickup) }
        if let depart = defaults.departAt { object["departAt"] = .string(DateTimeText.utc(depart)) }
        if let back = defaults.eventEnd { object["returnAt"] = .string(DateTimeText.utc(back)) }
        return object
    }
}
