import Foundation
import GtkKit
import StewardCore
import Translation

/// The month view: the weeks that hold the month, a cell per day with its date, its first few
/// occurrences ("19:00 Choir practice") and "+K more" for the rest, today highlighted and the
/// days of the months around dimmed. The 42 cells are made once and refilled for each month, so
/// a month of 2,000 occurrences shows a few hundred widgets, not 2,000.
///
/// Each day's date is a button heard as the whole day ("Wednesday 2 December 2026, 3 events,
/// 1 clash") that opens the day in the agenda; each line is a button heard as its occurrence
/// (clashes named), that opens it; "+K more" opens the day in the agenda.
@MainActor
final class MonthView {
    /// Lines a cell shows before "+K more".
    static let linesPerCell = 3

    /// Scrolls sideways on a window too narrow for seven cells, rather than widen the page.
    let widget = ScrolledWindow()
    private let content = Box.vertical(spacing: 0)
    private let headingGrid = Grid(rowSpacing: 0, columnSpacing: 0)
    private let grid = Grid(rowSpacing: 0, columnSpacing: 0)
    private var headings: [Label] = []
    private var cells: [MonthCell] = []

    var onOpen: ((EventOccurrence) -> Void)?
    var onOpenDay: ((LocalDate) -> Void)?

    init() {
        content.addCSSClass("calendar-month")
        widget.setChild(content)
        widget.vexpand = true
        headingGrid.setProperty("column-homogeneous", true)
        grid.setProperty("column-homogeneous", true)
        grid.setProperty("row-homogeneous", true)
        grid.vexpand = true
        grid.setAccessibleLabel(tr("Month"))
        for column in 0..<7 {
            let label = Label()
            label.addCSSClass("calendar-heading")
            headingGrid.attach(label, column: column, row: 0)
            headings.append(label)
        }
        for index in 0..<42 {
            let cell = MonthCell()
            cell.dayButton.onClicked { [weak self, weak cell] in
                guard let date = cell?.date else { return }
                self?.onOpenDay?(date)
            }
            cell.more.onClicked { [weak self, weak cell] in
                guard let date = cell?.date else { return }
                self?.onOpenDay?(date)
            }
            for (line, button) in cell.lines.enumerated() {
                button.onClicked { [weak self, weak cell] in
                    guard let cell, line < cell.occurrences.count else { return }
                    self?.onOpen?(cell.occurrences[line])
                }
            }
            grid.attach(cell.box, column: index % 7, row: index / 7)
            cells.append(cell)
        }
        content.append(headingGrid)
        content.append(grid)
    }

    /// `marks`: each event's calendar, by event (none for events of no calendar).
    func show(_ days: CalendarDays, period: CalendarPeriod, today: LocalDate, zone: TimeZone,
              marks: [UUID: CalendarMark] = [:]) {
        let locale = CalendarText.locale
        for (column, label) in headings.enumerated() {
            let weekday = (period.firstWeekday + column) % 7
            label.text = locale.weekdayAbbreviations[weekday]
            label.setAccessibleLabel(locale.weekdayNames[weekday])
        }
        for (index, cell) in cells.enumerated() {
            guard index < days.days.count else {
                cell.box.isVisible = false
                continue
            }
            cell.box.isVisible = true
            let day = days.days[index]
            cell.fill(day, clashes: days, isToday: day.date == today, inMonth: day.date.month == period.anchor.month, zone: zone,
                      marks: marks)
        }
    }

    /// Focuses today's cell (or the first) after a move with the keyboard.
    func focusDay(_ date: LocalDate) {
        _ = (cells.first { $0.date == date && $0.box.isVisible } ?? cells.first)?.dayButton.grabFocus()
    }
}

/// One day of the month view: its date, a few lines and "+K more".
@MainActor
final class MonthCell {
    let box = Box.vertical(spacing: 0)
    let dayButton = Button()
    private let dayLabel = Label()
    let lines: [Button]
    private let lineLabels: [Label]
    let more = Button()
    private let moreLabel = Label()
    private(set) var date: LocalDate?
    private(set) var occurrences: [EventOccurrence] = []

    init() {
        box.addCSSClass("calendar-day")
        dayButton.hasFrame = false
        dayButton.addCSSClass("calendar-date")
        dayButton.horizontalAlignment = .start
        dayButton.setChild(dayLabel)
        box.append(dayButton)
        var lines: [Button] = []
        var labels: [Label] = []
        for _ in 0..<MonthView.linesPerCell {
            let label = Label()
            label.xalign = 0
            label.ellipsizesAtEnd = true
            let button = Button()
            button.hasFrame = false
            button.addCSSClass("calendar-line")
            button.setChild(label)
            box.append(button)
            lines.append(button)
            labels.append(label)
        }
        self.lines = lines
        lineLabels = labels
        more.hasFrame = false
        more.addCSSClass("calendar-more")
        more.horizontalAlignment = .start
        moreLabel.xalign = 0
        moreLabel.ellipsizesAtEnd = true
        more.setChild(moreLabel)
        box.append(more)
    }

    func fill(_ day: CalendarDays.Day, clashes: CalendarDays, isToday: Bool, inMonth: Bool, zone: TimeZone,
              marks: [UUID: CalendarMark]) {
        date = day.date
        occurrences = Array(day.occurrences.prefix(MonthView.linesPerCell))
        dayLabel.text = String(day.date.day)
        let spoken = CalendarText.spokenDay(day, isToday: isToday)
        dayButton.setAccessibleLabel(spoken)
        dayButton.tooltip = spoken
        box.setCSSClass("today", isToday)
        box.setCSSClass("other-month", !inMonth)
        box.setCSSClass("has-clash", day.clashCount > 0)
        for (index, button) in lines.enumerated() {
            guard index < occurrences.count else {
                button.isVisible = false
                continue
            }
            let occurrence = occurrences[index]
            let clashing = clashes.clashes(occurrence)
            lineLabels[index].text = CalendarText.cellLine(occurrence, zone: zone)
            lineLabels[index].setCSSClass("all-day", occurrence.timing.kind == .allDay)
            let mark = marks[occurrence.eventId]
            let name = CalendarText.spokenOccurrence(occurrence, clashes: clashing, zone: zone, calendar: mark?.name)
            button.setAccessibleLabel(name)
            button.tooltip = name
            button.setCSSClass("clash", !clashing.isEmpty)
            button.setCSSClass("warning", !clashing.isEmpty)
            CalendarColourStyle.apply(mark?.colour, to: button)
            button.isVisible = true
        }
        let hidden = day.occurrences.count - occurrences.count
        more.isVisible = hidden > 0
        if hidden > 0 {
            let text = CalendarText.more(hidden, on: day.date)
            moreLabel.text = text.shown
            more.setAccessibleLabel(text.spoken)
            more.tooltip = text.spoken
        }
    }
}
