import Foundation
import Translation

/// The notifications a change of plan makes: for each pair added or removed, its member
/// passenger and its driver each get one, in the organization's words. Guests have no account,
/// so they get none (staff call them).
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
        let driver = board.name(of: offer), passenger = board.name(of: request)
        let time = (pair.leg == .to ? offer["departAt"] : offer["returnAt"])?.stringValue.flatMap(DateTimeText.parseUTC)
            .map { DateTimeText.local($0, zone: zone) } ?? ""
        let place = offer["pickupPlace"]?.stringValue ?? ""
        var notes: [(member: String?, message: String)] = []
        switch change {
        case .seated:
            notes.append((request["member"]?.stringValue,
                          tr("You ride with {driver} {leg}, {time} at {place}", ["driver": driver, "leg": pair.leg.text, "time": time, "place": place])))
            notes.append((offer["member"]?.stringValue,
                          tr("{passenger} rides with you {leg}", ["passenger": passenger, "leg": pair.leg.text])))
        case .removed:
            let driverCancelled = offer["cancelled"]?.boolValue == true
            notes.append((request["member"]?.stringValue, driverCancelled
                          ? tr("Your driver for the ride {leg} cancelled; you are back on the list", ["leg": pair.leg.text])
                          : tr("You no longer ride with {driver} {leg}; you are back on the list", ["driver": driver, "leg": pair.leg.text])))
            if !driverCancelled {
                notes.append((offer["member"]?.stringValue,
                              tr("{passenger} no longer rides with you {leg}", ["passenger": passenger, "leg": pair.leg.text])))
            }
        }
        return notes.compactMap { member, message in
            guard let member, !member.isEmpty else { return nil }
            return .object(["event": .string(board.event.key), "member": .string(member), "message": .string(message),
                            "at": .string(DateTimeText.utc(now))])
        }
    }
}
