import Foundation
import Translation

extension RideBoard {
    /// The legs an offer or request covers.
    public static func legs(of record: LocalRecord) -> [RideLeg] {
        legs(of: record.fields)
    }

    /// The legs an offer's or request's fields cover.
    public static func legs(of fields: JSONValue) -> [RideLeg] {
        fields["direction"]?.stringValue.flatMap(RideDirection.init(rawValue:))?.legs ?? []
    }

    /// Requests without a driver on a leg they asked for, leg "to" first.
    public var waiting: [(request: LocalRecord, leg: RideLeg)] {
        let seated = Set(plan.map { "\($0.passenger.description) \($0.leg.rawValue)" })
        return RideLeg.allCases.flatMap { leg in
            requests.filter { Self.legs(of: $0).contains(leg) && !seated.contains("\($0.key) \(leg.rawValue)") }.map { ($0, leg) }
        }
    }

    /// Why a waiting passenger has no seat on `leg`, in the reader's words, as the solver
    /// would say it; when a driver they may ride with still has a seat, says so instead.
    public func whyWaiting(_ request: LocalRecord, on leg: RideLeg) -> String {
        let reason = solverWhyWaiting(request, on: leg)
        if released.contains(where: { $0.passenger.description == request.key && $0.leg == leg }) {
            return tr("their driver cancelled; {reason}", ["reason": reason])
        }
        return reason
    }

    private func solverWhyWaiting(_ request: LocalRecord, on leg: RideLeg) -> String {
        guard let passenger = passenger(request) else { return tr("no pickup place given") }
        let drivers = offers.compactMap(driver)
        let rules = RideEligibility(maxTimeGapMinutes: RideRules.maxTimeGapMinutes)
        let reason = rules.reason(for: passenger, on: leg, among: drivers)
        if reason == .allFull, offers.contains(where: { offer in
            seatsLeft(offer: offer, on: leg) > 0 && driver(offer).map { rules.allows(passenger, $0, on: leg) } == true
        }) {
            return tr("a driver has a seat free")
        }
        return reason.text
    }

    /// A pair's time on its leg: the driver's departure or return (the default's when the
    /// offer gives none).
    public func time(of pair: RidePair) -> Date? {
        guard let offer = (offers + cancelledOffers).first(where: { $0.key == pair.driver.description }) else { return nil }
        return defaults.time(offer.fields, on: pair.leg)
    }

    /// Whether the driver or passenger of a pair in force has cancelled since.
    public func cancelled(_ pair: RidePair) -> (driver: Bool, passenger: Bool) {
        (cancelledOffers.contains { $0.key == pair.driver.description },
         cancelledRequests.contains { $0.key == pair.passenger.description })
    }
}
