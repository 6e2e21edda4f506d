import Foundation
import Translation

extension RecordType {
    /// A passenger's request for a ride: a member, or a guest by name and phone; one way or
    /// both, from a pickup place, at their times, with an optional driver gender preference.
    public static let rideRequest = RecordType(
        entity: "rideRequest", commandName: "ride-requests", module: .rides,
        nouns: RecordNouns(trLater("ride request"), trLater("ride requests"), title: trLater("Ride Request"), pluralTitle: trLater("Ride Requests"),
                           counted: { trn("{count} ride request", "{count} ride requests", $0, ["count": $1]) }),
        fields: [
            RideRecordFields.event(),
            RideOccurrences.spec(),
            FieldSpec("member", trLater("Member"), .reference(entity: RecordType.member.entity), [.listed],
                      help: trLater("The passenger, when a member (see `stewardctl members list`).")),
            FieldSpec("guestName", trLater("Guest name"), .text(maxLength: 100), [.listed, .searchable],
                      help: trLater("The passenger's name, when not a member.")),
            FieldSpec("guestPhone", trLater("Guest phone"), .text(maxLength: 40),
                      help: trLater("The guest's phone number, for their driver.")),
            RideRecordFields.direction(),
        ] + RideRecordFields.place() + RideRecordFields.times() + [
            RideRecordFields.gender("gender", trLater("Gender"), help: trLater("The passenger's gender: female or male.")),
            RideRecordFields.gender("driverGender", trLater("Driver gender"), help: trLater("Only drivers of this gender, when set.")),
        ] + RideRecordFields.phone() + RideRecordFields.cancellation(),
        titleField: "pickupPlace", orderField: "departAt")
        .rule { values, issues in
            RideRecordFields.check(values, &issues)
            if FieldKind.isEmpty(values["member"]) {
                if FieldKind.isEmpty(values["guestName"]) { issues.add("guest-name", tr("is needed when the passenger is not a member")) }
                if FieldKind.isEmpty(values["guestPhone"]) { issues.add("guest-phone", tr("is needed when the passenger is not a member")) }
            }
        }
        .staffOnly()
        .admitted(reading: []) { change, lookup, _ in try RideOccurrences.refusal(change.fields, lookup: lookup) }
}
