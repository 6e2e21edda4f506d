import Foundation
import Translation

extension RecordType {
    /// One line of an event's ride plan: a request riding with an offer on one leg. Made by
    /// `RidePlanService` (by hand or by accepting a proposal); console and store admit it only
    /// when the rules and the seats allow it (`RideSeatRules`).
    public static let rideAssignment = RecordType(
        entity: "rideAssignment", commandName: "ride-assignments", module: .rides,
        nouns: RecordNouns(trLater("ride assignment"), trLater("ride assignments"), title: trLater("Ride Assignment"),
                           pluralTitle: trLater("Ride Assignments"),
                           counted: { trn("{count} ride assignment", "{count} ride assignments", $0, ["count": $1]) }),
        fields: [
            RideRecordFields.event(),
            RideOccurrences.spec(),
            FieldSpec("offer", trLater("Offer"), .reference(entity: "rideOffer"), [.required, .listed],
                      help: trLater("The driver's offer (see `stewardctl ride-offers list`).")),
            FieldSpec("request", trLater("Request"), .reference(entity: "rideRequest"), [.required, .listed],
                      help: trLater("The passenger's request (see `stewardctl ride-requests list`).")),
            FieldSpec("leg", trLater("Leg"), .choice(RideLeg.allCases.map(\.rawValue)), [.required, .listed],
                      help: trLater("to (the event) or from (the event)."))
                .showingChoices { RideLeg(rawValue: $0)?.text },
        ],
        titleField: "leg")
        .rule { values, issues in RideOccurrences.checkForm(values, &issues) }
        .staffOnly()
        .admitted(reading: RideSeatRules.reads) { change, lookup, _ in try RideSeatRules.refusal(change, lookup: lookup) }
}
