import CGtk
import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// The week view: the seven days from the locale's first weekday by hour, drawn as the gym's
/// week grid is (`DrawnSchedule`, `WeekGridPicture`: one drawing, a nameless button over each
/// block heard as its occurrence), with all-day occurrences in a row above. A clashing
/// occurrence is drawn in red, edged in the warning colour, with "Clash" as its last line, and
/// heard with what it clashes with.
@MainActor
final class WeekView: WeekGridContent {
    let widget = Box.vertical(spacing: 0)
    private let allDayRow = Box.horizontal(spacing: 6)
    private let allDayScroller = ScrolledWindow()
    private var allDayButtons: [Widget] = []
    private let scroller = ScrolledWindow()
    /// The days' headings, drawn above the hours so they stay in view as the hours scroll.
    private let headingArea = DrawingArea()
    private var headings: [String] = []
    private let schedule = DrawnSchedule(emptyText: tr("No events this week."))
    private var layout = EventWeekLayout([], firstDay: LocalDate(year: 2026, month: 1, day: 1), zone: .gmt)
    private var clashes: [EventOccurrence.Reference: [EventOccurrence]] = [:]
    private var picture = WeekGridPicture(headings: [], hours: [], blocks: [])
    private var zone = TimeZone.gmt
    private var marks: [UUID: CalendarMark] = [:]
    var onOpen: ((EventOccurrence) -> Void)?

    /// The programme colour clashing blocks take (red in `ScheduleBlockPainter`'s palette).
    static let clashColour = 4

    init() {
        schedule.content = self
        allDayRow.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        allDayRow.setAccessibleLabel(tr("All-day events"))
        // Many all-day events scroll sideways rather than widen the page.
        allDayScroller.setChild(allDayRow)
        allDayScroller.setPolicy(horizontal: GTK_POLICY_AUTOMATIC, vertical: GTK_POLICY_NEVER)
        widget.append(allDayScroller)
        headingArea.contentHeight = Int(WeekGridGeometry.margin.top + WeekGridGeometry.headingHeight)
        headingArea.onDraw { [weak self] context, width, _ in
            guard let self else { return }
            // Laid out as the grid under it is, and moved as far as it is scrolled sideways.
            let gridWidth = max(width, Int(self.size(horizontal: true).rounded(.up)))
            cairo_translate(context, -self.scroller.visibleRect.x, 0)
            WeekGridPicture(headings: self.headings, hours: [], blocks: [])
                .draw(on: context, geometry: self.geometry(width: gridWidth), dark: StyleManager.isDark,
                      fontFamily: self.headingArea.font.family, fontSize: self.headingArea.font.points)
        }
        widget.append(headingArea)
        scroller.onViewChanged { [weak self] in self?.headingArea.redraw() }
        scroller.setChild(schedule.box)
        scroller.vexpand = true
        schedule.follow(scroller)
        widget.append(scroller)
    }

    /// `marks`: each event's calendar, by event (none for events of no calendar).
    func show(_ days: CalendarDays, period: CalendarPeriod, today: LocalDate, zone: TimeZone,
              marks: [UUID: CalendarMark] = [:]) {
        self.zone = zone
        self.marks = marks
        clashes = days.clashes
        let occurrences = days.days.flatMap(\.occurrences)
        var seen = Set<EventOccurrence.Reference>()
        let unique = occurrences.filter { seen.insert($0.reference).inserted }
        layout = EventWeekLayout(unique, firstDay: period.days.first, zone: zone)
        headings = (0..<7).map { index in
            let date = layout.firstDay.adding(days: index)
            return ScheduleText.shortDay(date) + (date == today ? " •" : "")
        }
        headingArea.redraw()
        picture = WeekGridPicture(
            headings: [],
            hours: (layout.firstHour..<layout.lastHour).map { String(format: "%02d:00", $0) },
            blocks: layout.blocks.map { self.picture(of: $0) })
        schedule.show(count: layout.blocks.count) { [weak self] index in
            guard let self, index < self.layout.blocks.count else { return "" }
            let occurrence = self.layout.blocks[index].occurrence
            return CalendarText.spokenOccurrence(occurrence, clashes: self.clashes[occurrence.reference] ?? [], zone: self.zone,
                                                 calendar: self.marks[occurrence.eventId]?.name)
        }
        showAllDay()
        revealFirstClash()
    }

    /// Scrolls to the first clash of the week, the thing to look at, once the new week is laid
    /// out; to the top when there is none.
    private func revealFirstClash() {
        let first = layout.blocks.first { clashes[$0.occurrence.reference] != nil }
        let scroller = self.scroller
        NextPaint.after(scroller) {
            scroller.verticalOffset = 0
            guard let first else { return }
            let top = WeekGridGeometry.margin.top + WeekGridGeometry.headingHeight + Double(first.row) * WeekGridGeometry.rowHeight
            // Near the top, an hour above it in view; GTK keeps the offset within the grid.
            scroller.verticalOffset = max(0, top - WeekGridGeometry.rowHeight * 4)
        }
    }

    private func picture(of block: EventWeekLayout.Block) -> WeekGridPicture.Block {
        let occurrence = block.occurrence
        let isClash = clashes[occurrence.reference] != nil
        var lines = [occurrence.title, occurrence.locationName].filter { !$0.isEmpty }
        if isClash { lines.insert(tr("Clash"), at: min(1, lines.count)) }
        return WeekGridPicture.Block(day: block.day, lane: block.lane, row: block.row, rows: block.rows, lines: lines,
                                     colour: isClash ? Self.clashColour : CalendarColourStyle.blockColour(marks[occurrence.eventId]?.colour),
                                     isCancelled: false,
                                     isSubstitute: isClash, isRemoved: false)
    }

    private func showAllDay() {
        for button in allDayButtons { allDayRow.remove(button) }
        allDayButtons = []
        var seen = Set<EventOccurrence.Reference>()
        for occurrence in layout.allDay.flatMap({ $0 }) where seen.insert(occurrence.reference).inserted {
            let clashing = clashes[occurrence.reference] ?? []
            let button = Button(label: occurrence.title + " · " + EventTimingText.describe(occurrence.timing, orgZone: zone))
            button.addCSSClass("calendar-all-day")
            button.setCSSClass("clash", !clashing.isEmpty)
            button.setCSSClass("warning", !clashing.isEmpty)
            CalendarColourStyle.apply(marks[occurrence.eventId]?.colour, to: button)
            let name = CalendarText.spokenOccurrence(occurrence, clashes: clashing, zone: zone, calendar: marks[occurrence.eventId]?.name)
            button.setAccessibleLabel(name)
            button.tooltip = name
            button.onClicked { [weak self] in self?.onOpen?(occurrence) }
            allDayRow.append(button)
            allDayButtons.append(button)
        }
        allDayScroller.isVisible = !allDayButtons.isEmpty
    }

    // MARK: DrawnScheduleContent

    var gridLanes: [Int] { layout.lanes }
    var gridRowCount: Int { layout.rowCount }
    var gridBlocks: [(day: Int, lane: Int, row: Int, rows: Int)] { layout.blocks.map { ($0.day, $0.lane, $0.row, $0.rows) } }
    var gridPicture: WeekGridPicture { picture }
    /// Days of one width, as calendars draw a week, so the seven fit the window.
    var gridSharing: WeekGridGeometry.Sharing { .daysEqual }

    func open(_ index: Int) {
        guard index < layout.blocks.count else { return }
        onOpen?(layout.blocks[index].occurrence)
    }
}
