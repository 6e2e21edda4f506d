import Foundation
import GtkKit
import StewardCore
import Translation

/// The agenda: the occurrences from the shown date on, grouped under their day, each a button
/// ("19:00–20:30  Choir practice · Hall") heard with its clashes and opening its event. Days
/// without occurrences are left out. At most `mostRows` occurrences are built; the rest are
/// counted, reached with Next.
@MainActor
final class AgendaView {
    static let mostRows = 300

    let widget = ScrolledWindow()
    private let box = Box.vertical(spacing: 2)
    private var shown: [Widget] = []
    private var occurrences: [EventOccurrence] = []
    var onOpen: ((EventOccurrence) -> Void)?

    init() {
        box.addCSSClass("calendar-agenda")
        box.setMargins(top: 6, bottom: 12, start: 12, end: 12)
        box.setAccessibleLabel(tr("Agenda"))
        widget.setChild(box)
        widget.vexpand = true
    }

    /// What the agenda lists, in order: day headings and occurrences.
    private enum Item {
        case day(CalendarDays.Day)
        case occurrence(EventOccurrence, clashes: [EventOccurrence])
    }

    /// Builds the rows a few per turn of the main loop after the first screenful, so a long
    /// agenda never holds the window for more than a frame.
    private var builder: PiecewiseWork?

    /// `marks`: each event's calendar, by event (none for events of no calendar).
    func show(_ days: CalendarDays, today: LocalDate, zone: TimeZone, marks: [UUID: CalendarMark] = [:]) {
        builder = nil
        for widget in shown { box.remove(widget) }
        shown = []
        var items: [Item] = []
        var rows = 0
        var left = 0
        for day in days.days where !day.occurrences.isEmpty {
            if rows >= Self.mostRows {
                left += day.occurrences.count
                continue
            }
            items.append(.day(day))
            for occurrence in day.occurrences {
                guard rows < Self.mostRows else {
                    left += 1
                    continue
                }
                rows += 1
                items.append(.occurrence(occurrence, clashes: days.clashes(occurrence)))
            }
        }
        if rows == 0 {
            let empty = Label(tr("No events from this date in the next four weeks."))
            empty.addCSSClass("dim-label")
            empty.setMargins(top: 24, bottom: 0, start: 0, end: 0)
            add(empty)
        }
        builder = PiecewiseWork(count: items.count + 1) { [weak self] index in
            guard let self else { return }
            guard index < items.count else {
                if left > 0 { self.addMore(left) }
                return
            }
            switch items[index] {
            case .day(let day): self.add(self.heading(day, isToday: day.date == today))
            case .occurrence(let occurrence, let clashes):
                let mark = marks[occurrence.eventId]
                let row = self.row(occurrence, clashes: clashes, zone: zone, calendar: mark?.name)
                CalendarColourStyle.apply(mark?.colour, to: row)
                self.add(row)
            }
        }
    }

    private func heading(_ day: CalendarDays.Day, isToday: Bool) -> Label {
        let heading = Label(CalendarText.longDay(day.date) + (isToday ? " · " + tr("today") : ""))
        heading.xalign = 0
        heading.addCSSClass("heading")
        heading.addCSSClass("calendar-agenda-day")
        heading.setAccessibleLabel(CalendarText.spokenDay(day, isToday: isToday))
        return heading
    }

    private func addMore(_ left: Int) {
        let more = Label(trn("{count} more event in these four weeks: move on with Next.",
                             "{count} more events in these four weeks: move on with Next.", left))
        more.addCSSClass("dim-label")
        more.xalign = 0
        add(more)
    }

    private func row(_ occurrence: EventOccurrence, clashes: [EventOccurrence], zone: TimeZone, calendar: String?) -> Button {
        let time: String
        if case .timed(let start, let end, _) = occurrence.timing {
            time = DatePatternText.format(start, "HH:mm", zone: zone) + "–" + DatePatternText.format(end, "HH:mm", zone: zone)
        } else {
            time = trc("event timing", "All day")
        }
        let text = [occurrence.title, occurrence.locationName].filter { !$0.isEmpty }.joined(separator: " · ")
        let line = Box.horizontal(spacing: 12)
        let timeLabel = Label(time)
        timeLabel.xalign = 0
        timeLabel.widthChars = 12
        timeLabel.addCSSClass("numeric")
        let title = Label(text)
        title.xalign = 0
        title.ellipsizesAtEnd = true
        title.hexpand = true
        line.append(timeLabel)
        line.append(title)
        if !clashes.isEmpty {
            let mark = Label(tr("Clash"))
            mark.addCSSClass("caption")
            mark.addCSSClass("warning")
            line.append(mark)
        }
        let button = Button()
        button.hasFrame = false
        button.addCSSClass("calendar-agenda-row")
        button.setCSSClass("clash", !clashes.isEmpty)
        button.setChild(line)
        let name = CalendarText.spokenOccurrence(occurrence, clashes: clashes, zone: zone, calendar: calendar)
        button.setAccessibleLabel(name)
        button.tooltip = name
        button.onClicked { [weak self] in self?.onOpen?(occurrence) }
        return button
    }

    private func add(_ widget: Widget) {
        box.append(widget)
        shown.append(widget)
    }

    /// Scrolls back to the first day.
    func scrollToTop() {
        widget.scrollToShow(top: 0, height: 1)
    }
}
