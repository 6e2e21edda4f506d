import Foundation
import Translation

/// The notifications a change of plan makes: for each pair added or removed, its member
/// passenger and its driver each get one, in the organization's words. Guests have no account,
/// so they get none (staff call them). Whoever cancelled is not told of their own cancellation.
struct RideNotices {
    let board: RideBoard
    let zone: TimeZone

    enum Change {
        case seated
        case removed
    }

    func fields(for pair: RidePair, _ change: Change, at now: Date) -> [JSONValue] {
        guard let offer = board.offers.first(where: { $0.key == pair.driver.description })
                ?? board.cancelledOffers.first(where: { $0.key == pair.driver.description }),
              let request = board.requests.first(where: { $0.key == pair.passenger.description })
                ?? board.cancelledRequests.first(where: { $0.key == pair.passenger.description })
        else { return [] }
        let parties = RideParties(event: board.event.key, offer: offer.fields, request: request.fields,
                                  driverName: board.name(of: offer), passengerName: board.name(of: request), defaults: board.defaults)
        return Self.fields(for: pair.leg, change, parties, zone: zone, at: now)
    }

    /// The notifications of one pair's change, from the two records' fields and names: the
    /// same texts for a change made by staff and for a cancellation the store applies.
    static func fields(for leg: RideLeg, _ change: Change, _ parties: RideParties, zone: TimeZone, at now: Date) -> [JSONValue] {
        let offer = parties.offer, request = parties.request
        let driver = parties.driverName, passenger = parties.passengerName
        // The driver's own time and place, else the event's defaults.
        let time = parties.defaults.time(offer, on: leg).map { DateTimeText.local($0, zone: zone) } ?? ""
        let place = parties.defaults.place(offer)
        var notes: [(member: String?, message: String)] = []
        switch change {
        case .seated:
            notes.append((request["member"]?.stringValue,
                          tr("You ride with {driver} {leg}, {time} at {place}", ["driver": driver, "leg": leg.text, "time": time, "place": place])))
            notes.append((offer["member"]?.stringValue,
                          tr("{passenger} rides with you {leg}", ["passenger": passenger, "leg": leg.text])))
        case .removed:
            if offer["cancelled"]?.boolValue == true {
                notes.append((request["member"]?.stringValue,
                              tr("Your driver for the ride {leg} cancelled; you are back on the list", ["leg": leg.text])))
            } else if request["cancelled"]?.boolValue == true {
                notes.append((offer["member"]?.stringValue,
                              tr("{passenger} cancelled their ride with you {leg}; the seat is free again", ["passenger": passenger, "leg": leg.text])))
            } else {
                notes.append((request["member"]?.stringValue,
                              tr("You no longer ride with {driver} {leg}; you are back on the list", ["driver": driver, "leg": leg.text])))
                notes.append((offer["member"]?.stringValue,
                              tr("{passenger} no longer rides with you {leg}", ["passenger": passenger, "leg": leg.text])))
            }
        }
        return notes.compactMap { member, message in
            guard let member, !member.isEmpty else { return nil }
            return .object(["event": .string(parties.event), "member": .string(member), "message": .string(message),
                            "at": .string(DateTimeText.utc(now))])
        }
    }
}

/// The two sides of a pair as stored: what a notification names.
struct RideParties {
    var event: String
    var offer: JSONValue
    var request: JSONValue
    var driverName: String
    var passengerName: String
    /// What a record without its own pickup or time is taken to say.
    var defaults = RideDefaults()
}
