import Foundation
import Translation

extension EventDetails {
    /// Reads the fields another side sent and checks them with the same rules as a typed form,
    /// so the store refuses exactly what the console would.
    public init(syncFields fields: JSONValue) throws(ValidationError) {
        guard case .object = fields else { throw ValidationError(field: "fields", message: tr("must be a JSON object")) }
        var form = EventForm()
        func text(_ key: String) -> String {
            switch fields[key] {
            case .string(let s)?: s
            case .int(let i)?: String(i)
            case .double(let d)?: String(d)
            default: ""
            }
        }
        form.title = text("title")
        form.description = text("description")
        form.locationName = text("locationName")
        form.address = text("address")
        form.latitude = text("latitude")
        form.longitude = text("longitude")
        guard let kind = EventTiming.Kind(rawValue: text("timing")) else {
            throw ValidationError(field: "timing", message: tr("must be one of timed, all-day, untimed"))
        }
        form.timingKind = kind
        switch kind {
        case .timed:
            form.starts = text("startsAt")
            form.ends = text("endsAt")
            form.timeZone = text("timeZone")
            if form.ends.isEmpty { throw ValidationError(field: EventField.ends, message: tr("is required")) }
        case .allDay:
            form.starts = text("startDate")
            form.ends = text("endDate")
        case .untimed:
            break
        }
        form.imageURL = text("imageURL")
        form.links = (fields["links"]?.arrayValue ?? []).compactMap { link -> String? in
            guard let url = link["url"]?.stringValue else { return nil }
            let label = link["label"]?.stringValue ?? url
            return label == url ? url : "\(label.replacingOccurrences(of: "\n", with: " ")) | \(url)"
        }.joined(separator: "\n")
        form.host = text("host")
        form.contactName = text("contactName")
        form.contactEmail = text("contactEmail")
        form.contactPhone = text("contactPhone")
        form.audience = (fields["audience"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ",")
        form.stampValue = text("stampValue")
        form.rideSharing = fields["rideSharing"]?.boolValue ?? false
        // The zone only matters for times without an offset; synced times always carry one.
        self = try form.validate(organizationZone: .gmt)
    }
}
