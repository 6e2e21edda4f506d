import Foundation
import GtkKit
import StewardCore
import Translation

/// The calendar views' filter, in the period bar: every event, or only one of the
/// organization's calendars' (Sunday services, youth…). Shown only while the organization has
/// calendars; a calendar chosen stays chosen while it is there when the list is read again.
@MainActor
final class CalendarFilterChoice {
    let widget = DropDown(strings: [])
    private var ids: [UUID] = []
    /// True while the list is refilled: the selection moving then is not a choice.
    private var isFilling = false
    /// Another choice was made: the calendar (nil: every event).
    var onChanged: ((UUID?) -> Void)?

    init() {
        widget.isVisible = false
        widget.setAccessibleLabel(tr("Calendar"))
        widget.tooltip = tr("Show the events of one calendar")
        widget.onSelectionChanged { [weak self] _ in
            guard let self, !self.isFilling else { return }
            self.onChanged?(self.chosen)
        }
    }

    /// The calendar chosen; nil for every event.
    var chosen: UUID? {
        guard let index = widget.selectedIndex, index > 0, index <= ids.count else { return nil }
        return ids[index - 1]
    }

    /// Lists the calendars `titles` names, by name, after "All Calendars"; returns the one still
    /// chosen (nil when it is gone, or was none).
    @discardableResult
    func fill(_ titles: [UUID: String]) -> UUID? {
        let kept = chosen
        let sorted = titles.sorted { $0.value.localizedCaseInsensitiveCompare($1.value) == .orderedAscending }
        isFilling = true
        ids = sorted.map(\.key)
        widget.setStrings([tr("All Calendars")] + sorted.map(\.value))
        widget.selectedIndex = (kept.flatMap { ids.firstIndex(of: $0) }).map { $0 + 1 } ?? 0
        isFilling = false
        widget.isVisible = !ids.isEmpty
        return chosen
    }
}
