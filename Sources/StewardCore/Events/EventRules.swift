import Foundation
import Translation

/// The rules events declare beyond their fields one by one (see `RecordType.event`).
enum EventRules {
    /// A place on the map needs both its coordinates: one alone is refused naming the other,
    /// unless that one was refused already.
    static func coordinatePair(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        let latitude = values["latitude"], longitude = values["longitude"]
        let hasLatitude = latitude != nil && latitude != .null
        let hasLongitude = longitude != nil && longitude != .null
        if hasLatitude, longitude == .null {
            issues.add(EventField.longitude, tr("is needed when a latitude is given (or clear both)"))
        } else if hasLongitude, latitude == .null {
            issues.add(EventField.latitude, tr("is needed when a longitude is given (or clear both)"))
        }
    }

    /// A link without a label shows its address, so it is stored with its address as label.
    static func labelLinks(_ values: inout [String: JSONValue]) {
        guard case .array(let links)? = values["links"] else { return }
        values["links"] = .array(links.map { link in
            guard case .object(var item) = link, let url = item["url"]?.stringValue,
                  (item["label"]?.stringValue ?? "").isEmpty else { return link }
            item["label"] = .string(url)
            return .object(item)
        })
    }
}
