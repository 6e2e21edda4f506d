import Foundation
import StewardCore

/// `GET …/me/rides`: a member's own offers and requests with their state, and their ride
/// notifications. The other party of a pair (name, and e-mail or a guest's phone) is shown only
/// on a leg where the two are matched: never for anyone else, never another member's rides; a
/// member's phone only when they chose to share it (`sharePhone`). A ride that names no pickup
/// or time of its own shows the event's defaults (`RideDefaults`), marked `defaultPickup`.
struct MemberRideView {
    var offers: [RemoteRecord]
    var requests: [RemoteRecord]
    var assignments: [RemoteRecord]
    var members: [String: JSONValue]
    var events: [String: JSONValue]
    var notifications: [RemoteRecord]
    var eventPickups: [RemoteRecord] = []
    var settings: [RemoteRecord] = []

    /// The defaults a ride record's event gives (on its date, for a series).
    func defaults(for fields: JSONValue, now: Date = Date()) -> RideDefaults {
        let event = fields["event"]?.stringValue ?? ""
        return RideDefaults(event: events[event], eventId: event, occurrence: RideOccurrences.named(fields),
                            eventPickup: eventPickups.filter { $0.fields["event"]?.stringValue == event }.min { $0.id < $1.id }?.fields,
                            settings: settings.min { $0.id < $1.id }?.fields, zone: .gmt, now: now)
    }

    func json(for member: String) -> JSONValue {
        let ownOffers = offers.filter { $0.fields["member"]?.stringValue == member }.sorted(by: Self.byTime)
        let ownRequests = requests.filter { $0.fields["member"]?.stringValue == member }.sorted(by: Self.byTime)
        let ownNotes = MemberViews.own(notifications, memberField: "member", memberId: member, newestBy: "at")
        return .object([
            "offers": .array(ownOffers.map(offer)),
            "requests": .array(ownRequests.map(request)),
            "notifications": .array(ownNotes.map { note in
                var fields: [String: JSONValue] = ["id": .string(note.id)]
                for key in ["event", "message", "at"] { fields[key] = Self.given(note.fields[key]) }
                return .object(fields)
            }),
        ])
    }

    private func offer(_ record: RemoteRecord) -> JSONValue {
        let seats = Int(record.fields["seats"]?.int64Value ?? 0)
        let cancelled = record.fields["cancelled"]?.boolValue == true
        let legs = RideBoard.legs(of: record.fields).map { leg -> JSONValue in
            let riders = cancelled ? [] : assignments.filter {
                $0.fields["offer"]?.stringValue == record.id && $0.fields["leg"]?.stringValue == leg.rawValue
            }
            let passengers = riders.compactMap { assignment in
                assignment.fields["request"]?.stringValue.flatMap { id in requests.first { $0.id == id } }.map(contact)
            }
            return .object(["leg": .string(leg.rawValue), "seatsLeft": .int(Int64(cancelled ? 0 : max(0, seats - riders.count))),
                            "passengers": .array(passengers)])
        }
        var fields = common(record)
        fields["seats"] = .int(Int64(seats))
        fields["legs"] = .array(legs)
        return .object(fields)
    }

    private func request(_ record: RemoteRecord) -> JSONValue {
        let cancelled = record.fields["cancelled"]?.boolValue == true
        let legs = RideBoard.legs(of: record.fields).map { leg -> JSONValue in
            let seat = cancelled ? nil : assignments.first {
                $0.fields["request"]?.stringValue == record.id && $0.fields["leg"]?.stringValue == leg.rawValue
            }
            guard let driver = seat?.fields["offer"]?.stringValue.flatMap({ id in offers.first { $0.id == id } }) else {
                return .object(["leg": .string(leg.rawValue), "state": .string(cancelled ? "cancelled" : "waiting")])
            }
            var seated: [String: JSONValue] = ["leg": .string(leg.rawValue), "state": .string("seated"), "driver": contact(driver)]
            // The driver's own time and place, else the event's defaults.
            let defaults = defaults(for: driver.fields)
            seated["at"] = defaults.time(driver.fields, on: leg).map { .string(DateTimeText.utc($0)) }
            let place = defaults.place(driver.fields)
            seated["pickupPlace"] = place.isEmpty ? nil : .string(place)
            return .object(seated)
        }
        var fields = common(record)
        fields["legs"] = .array(legs)
        return .object(fields)
    }

    private func common(_ record: RemoteRecord) -> [String: JSONValue] {
        let event = record.fields["event"]?.stringValue ?? ""
        var fields: [String: JSONValue] = ["id": .string(record.id)]
        var about: [String: JSONValue] = ["id": .string(event)]
        about["title"] = Self.given(events[event]?["title"])
        about["startsAt"] = Self.given(events[event]?["startsAt"])
        fields["event"] = .object(about)
        for key in ["direction", "pickupPlace", "departAt", "returnAt", "cancelReason"] { fields[key] = Self.given(record.fields[key]) }
        // What a ride without its own pickup or times is taken to say, as the plan reads it.
        let defaults = defaults(for: record.fields)
        if !RideDefaults.hasOwnPickup(record.fields), let pickup = defaults.pickup {
            fields["pickupPlace"] = .string(pickup.place)
            fields["defaultPickup"] = .bool(true)
        }
        for (key, leg) in [("departAt", RideLeg.to), ("returnAt", .from)] where fields[key] == nil && RideBoard.legs(of: record.fields).contains(leg) {
            fields[key] = defaults.time(record.fields, on: leg).map { .string(DateTimeText.utc($0)) }
        }
        fields["sharePhone"] = .bool(record.fields["sharePhone"]?.boolValue == true)
        fields["cancelled"] = .bool(record.fields["cancelled"]?.boolValue == true)
        // Only a ride for one date of a repeating event names it.
        if let occurrence = RideOccurrences.named(record.fields) { fields["occurrence"] = .string(occurrence) }
        return fields
    }

    /// The other party of a matched pair: a member's name and e-mail, and their phone only when
    /// they chose to share it on this offer or request; or a guest's name and phone.
    private func contact(_ record: RemoteRecord) -> JSONValue {
        if let member = record.fields["member"]?.stringValue, let profile = members[member] {
            var person: [String: JSONValue] = ["name": .string(RecordType.member.title(of: profile))]
            person["email"] = Self.given(profile["email"])
            if record.fields["sharePhone"]?.boolValue == true { person["phone"] = Self.given(record.fields["phone"]) }
            return .object(person)
        }
        var guest: [String: JSONValue] = [:]
        guest["name"] = Self.given(record.fields["guestName"])
        guest["phone"] = Self.given(record.fields["guestPhone"])
        return .object(guest)
    }

    /// A value the record holds; nil (left out of the answer) when absent or null.
    private static func given(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }

    private static func byTime(_ a: RemoteRecord, _ b: RemoteRecord) -> Bool {
        let x = a.fields["departAt"]?.stringValue ?? a.fields["returnAt"]?.stringValue ?? ""
        let y = b.fields["departAt"]?.stringValue ?? b.fields["returnAt"]?.stringValue ?? ""
        return x != y ? x < y : a.id < b.id
    }
}
