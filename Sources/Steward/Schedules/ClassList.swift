import Foundation
import GtkKit
import StewardCore
import Translation

/// The list view: one row per class in time order, each opening the class's page (a click or
/// Enter on it). Its rows are
/// kept from week to week and only rewritten, a few per turn of the main loop
/// (`PiecewiseWork`): a week of 500 classes made and dropped as 500 new rows at once held
/// the window for a good part of a second.
@MainActor
final class ClassList {
    let widget: Widget
    private let list = ListBox.boxed()
    /// A row's parts: when (day and times), the class's name, and the rest in a line that wraps
    /// (trainer, room, bookings, marks), so nothing needs a sideways scroll at any width.
    private struct Row {
        let row: ListBoxRow
        let when: Label
        let name: Label
        let details: Label
    }
    private var rows: [Row] = []
    private var classes: [ScheduledClass] = []
    private var zone = TimeZone.current
    private var writer: PiecewiseWork?
    /// What a click on a class does (opens its page).
    var onOpen: (@MainActor (ScheduledClass) -> Void)?

    init() {
        widget = list
        list.setAccessibleLabel(tr("Classes"))
        list.setMargins(top: 6, bottom: 12, start: 12, end: 12)
        list.setPlaceholder(Label(tr("No classes this week.")))
        list.onRowActivated { [weak self] row in
            guard let self, row.index >= 0, row.index < self.classes.count else { return }
            self.onOpen?(self.classes[row.index])
        }
    }

    func show(_ classes: [ScheduledClass], zone: TimeZone) {
        self.classes = classes
        self.zone = zone
        // Rows a shorter week does not need are hidden, not destroyed: the next week may.
        for row in rows.dropFirst(classes.count) where row.row.isVisible { row.row.isVisible = false }
        writer = PiecewiseWork(count: classes.count) { [weak self] index in self?.write(index) }
    }

    /// Row `index`, made when the list has none to spare, written for its class.
    private func write(_ index: Int) {
        if index == rows.count {
            let when = Label("")
            when.xalign = 0
            when.verticalAlignment = .start
            when.widthChars = 12
            when.addCSSClass("numeric")
            let name = Label("")
            name.xalign = 0
            name.wraps = true
            name.addCSSClass("heading")
            let details = Label("")
            details.xalign = 0
            details.wraps = true
            details.addCSSClass("dim-label")
            let text = Box.vertical(spacing: 2)
            text.hexpand = true
            text.append(name)
            text.append(details)
            let line = Box.horizontal(spacing: 12)
            line.setMargins(top: 8, bottom: 8, start: 12, end: 12)
            line.append(when)
            line.append(text)
            let row = ListBoxRow(child: line)
            list.append(row)
            rows.append(Row(row: row, when: when, name: name, details: details))
        }
        let row = rows[index]
        let scheduled = classes[index]
        let c = scheduled.source
        row.when.text = ScheduleText.day(LocalDate(c.startsAt, in: zone)) + "\n"
            + ScheduleText.time(c.startsAt, zone: zone) + "–" + ScheduleText.time(c.endsAt, zone: zone)
        row.name.text = c.name
        row.details.text = ScheduleText.listDetails(scheduled)
        row.row.setCSSClass("cancelled", c.isCancelled)
        row.row.setCSSClass("substitute", c.isSubstitute)
        row.row.setAccessibleLabel(ScheduleText.spoken(scheduled, zone: zone))
        if !row.row.isVisible { row.row.isVisible = true }
    }
}
