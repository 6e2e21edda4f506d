import Foundation
import GtkKit
import StewardCore
import Translation

/// The event table's columns, in display order; each sorts by one SQL order.
enum EventColumn: Int, CaseIterable {
    case title, when, location, updated

    var title: String {
        switch self {
        case .title: tr("Title")
        case .when: tr("When")
        case .location: tr("Location")
        case .updated: tr("Updated")
        }
    }

    var sortKey: EventSortKey {
        switch self {
        case .title: .title
        case .when: .starts
        case .location: .location
        case .updated: .updated
        }
    }

    /// Whether the column takes the spare width, and the widths of the others.
    var expands: Bool { self == .title }
    var fixedWidth: Int {
        switch self {
        case .title: -1
        case .when: 215
        case .location: 170
        case .updated: 110
        }
    }

    /// What a cell shows for a row (nil while the row loads).
    func text(for row: EventRow?, zone: TimeZone) -> String {
        guard let row else { return "" }
        switch self {
        case .title: return row.title
        case .when:
            // A series is one row: how it repeats says more than its first date.
            if !row.repeatRule.isEmpty, let rule = try? RepeatRule(row.repeatRule) {
                return RepeatSummary.text(rule, timing: row.timing, zone: zone)
            }
            return EventTimingText.describe(row.timing, orgZone: zone)
        case .location: return row.locationName
        case .updated: return ListText.updated(row.updatedAt)
        }
    }

    /// Style classes of the cell label.
    var cssClasses: [String] {
        switch self {
        case .title: ["event-title"]
        case .when: ["event-when", "numeric"]
        case .location: ["event-location"]
        case .updated: ["dim-label", "numeric"]
        }
    }
}
