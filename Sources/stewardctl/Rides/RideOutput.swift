import Foundation
import StewardCore
import Translation

/// How the board and a proposal print.
enum RideOutput {
    static func json(_ board: RideBoard) -> JSONValue {
        var object = boardObject(board)
        // Only a repeating event's board names its date: a single event's is as it was.
        if let occurrence = board.occurrence { object["occurrence"] = .string(occurrence.occurrence) }
        // Where rides that name no pickup of their own meet, when a default is set.
        if let pickup = board.defaults.pickup { object["defaultPickup"] = RideDefaultsJSON.pickup(pickup) }
        return .object(object)
    }

    private static func boardObject(_ board: RideBoard) -> [String: JSONValue] {
        [
            "event": .string(board.event.key),
            "drivers": .array(board.offers.map { offer in
                .object([
                    "offer": .string(offer.key), "name": .string(board.name(of: offer)),
                    "seats": offer["seats"] ?? .null, "direction": offer["direction"] ?? .null,
                    "seatsLeft": .object(Dictionary(uniqueKeysWithValues: legs(of: offer).map {
                        ($0.rawValue, JSONValue.int(Int64(board.seatsLeft(offer: offer, on: $0))))
                    })),
                ])
            }),
            "waiting": .array(waiting(board).map { request, leg in
                .object(["request": .string(request.key), "name": .string(board.name(of: request)), "leg": .string(leg.rawValue)])
            }),
            "plan": .array(board.plan.map(pairJSON)),
            // Pairs a driver's cancellation from the app removed, their passenger still waiting.
            "backOnTheList": .array(board.released.map(pairJSON)),
            "cancelled": .object([
                "offers": .array(board.cancelledOffers.map { .string($0.key) }),
                "requests": .array(board.cancelledRequests.map { .string($0.key) }),
            ]),
        ]
    }

    static func json(_ diff: RidePlanDiff) -> JSONValue {
        .object([
            "newlySeated": .array(diff.newlySeated.map(pairJSON)),
            "moved": .array(diff.moved.map { move in
                .object(["request": .string(move.to.passenger.description), "leg": .string(move.to.leg.rawValue),
                         "fromOffer": .string(move.from.driver.description), "toOffer": .string(move.to.driver.description)])
            }),
            "unseated": .array(diff.unseated.map(pairJSON)),
            "kept": .int(Int64(diff.kept)),
            "assignments": .array(diff.answer.assignments.map(pairJSON)),
            "unassigned": .array(diff.answer.unassigned.map { waiting in
                .object(["request": .string(waiting.passenger.description), "leg": .string(waiting.leg.rawValue),
                         "reason": .string(waiting.reason.rawValue)])
            }),
        ])
    }

    static func pairJSON(_ pair: RidePair) -> JSONValue {
        .object(["request": .string(pair.passenger.description), "offer": .string(pair.driver.description), "leg": .string(pair.leg.rawValue)])
    }

    static func legs(of offer: LocalRecord) -> [RideLeg] { RideBoard.legs(of: offer) }

    static func waiting(_ board: RideBoard) -> [(LocalRecord, RideLeg)] { board.waiting.map { ($0.request, $0.leg) } }

    static func lines(_ board: RideBoard) -> [String] {
        var lines: [String] = []
        if let occurrence = board.occurrence {
            lines.append(tr("Rides for the date starting {occurrence}", ["occurrence": occurrence.occurrence]))
        }
        if let pickup = board.defaults.pickup {
            lines.append(tr("Default pickup: {pickup}", ["pickup": pickup.text]))
        }
        lines.append(tr("Drivers"))
        var drivers = Table(trc("table heading", "OFFER"), trc("table heading", "DRIVER"), trc("table heading", "SEATS LEFT TO"),
                            trc("table heading", "SEATS LEFT FROM"))
        for offer in board.offers {
            let left = { (leg: RideLeg) in legs(of: offer).contains(leg) ? String(board.seatsLeft(offer: offer, on: leg)) : "-" }
            drivers.append(offer.key, board.name(of: offer), left(.to), left(.from))
        }
        lines += drivers.lines.map { "  " + $0 }
        lines += ["", tr("Waiting")]
        var waiting = Table(trc("table heading", "REQUEST"), trc("table heading", "PASSENGER"), trc("table heading", "LEG"))
        for (request, leg) in Self.waiting(board) { waiting.append(request.key, board.name(of: request), leg.rawValue) }
        lines += waiting.lines.map { "  " + $0 }
        lines += ["", tr("Plan")]
        var plan = Table(trc("table heading", "PASSENGER"), trc("table heading", "DRIVER"), trc("table heading", "LEG"))
        for pair in board.plan { plan.append(board.name(of: pair.passenger), board.name(of: pair.driver), pair.leg.rawValue) }
        lines += plan.lines.map { "  " + $0 }
        return lines
    }

    static func lines(_ diff: RidePlanDiff, board: RideBoard) -> [String] {
        if diff.isEmpty { return [tr("The plan in force is already the best: no changes.")] }
        var lines: [String] = []
        for pair in diff.newlySeated {
            lines.append("+ " + tr("{passenger} rides with {driver} {leg}",
                                   ["passenger": board.name(of: pair.passenger), "driver": board.name(of: pair.driver), "leg": pair.leg.text]))
        }
        for move in diff.moved {
            lines.append("~ " + tr("{passenger} moves from {from} to {to} {leg}",
                                   ["passenger": board.name(of: move.to.passenger), "from": board.name(of: move.from.driver),
                                    "to": board.name(of: move.to.driver), "leg": move.to.leg.text]))
        }
        for pair in diff.unseated {
            lines.append("- " + tr("{passenger} no longer rides with {driver} {leg}",
                                   ["passenger": board.name(of: pair.passenger), "driver": board.name(of: pair.driver), "leg": pair.leg.text]))
        }
        lines.append("")
        lines.append(tr("{new} newly seated, {moved} moved, {unseated} unseated, {kept} kept; {waiting} still waiting",
                        ["new": String(diff.newlySeated.count), "moved": String(diff.moved.count), "unseated": String(diff.unseated.count),
                         "kept": String(diff.kept),
                         "waiting": trn("{count} passenger-leg", "{count} passenger-legs", diff.answer.unassigned.count)]))
        return lines
    }
}
