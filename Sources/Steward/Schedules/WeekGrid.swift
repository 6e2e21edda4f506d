import Foundation
import GtkKit
import StewardCore
import Translation

/// The week grid: days across, hours down (15-minute rows), each class a button spanning its
/// time, in its lane when classes overlap. A block says name, trainer, room and booked/capacity,
/// coloured by program; a cancelled class is struck through, a substitute marked. Its
/// accessible name says all of it, cancellation and substitute included.
@MainActor
enum WeekGrid {
    /// Pixels per 15-minute row.
    static let rowHeight = 20

    /// Blocks attached per turn of the main loop: a week of 500 classes is built over a few
    /// turns, each short, rather than in one long stall (steward-bench --schedule-stall).
    static let blocksPerTurn = 40

    /// The grid with its headings and hours, and a step that attaches the next blocks and says
    /// whether any are left: run it on the main loop (`SchedulePage` does, at low priority)
    /// until it returns false.
    static func make(_ layout: WeekLayout, zone: TimeZone,
                     open: @escaping @MainActor (ScheduledClass) -> Void) -> (widget: Widget, attachMore: @MainActor () -> Bool) {
        let grid = Grid(rowSpacing: 0, columnSpacing: 4)
        grid.addCSSClass("week-grid")
        grid.setMargins(top: 6, bottom: 12, start: 12, end: 12)
        var firstColumn: [Int] = []
        var column = 1
        for lanes in layout.lanes {
            firstColumn.append(column)
            column += lanes
        }
        for day in 0..<7 {
            let date = layout.firstDay.adding(days: day)
            let heading = Label(ScheduleText.shortDay(date))
            heading.addCSSClass("heading")
            heading.hexpand = true
            // Shortened rather than widening the week past the window.
            heading.ellipsizesAtEnd = true
            heading.setMargins(top: 0, bottom: 6, start: 0, end: 0)
            grid.attach(heading, column: firstColumn[day], row: 0, width: layout.lanes[day])
        }
        for hour in layout.firstHour..<layout.lastHour {
            let label = Label(String(format: "%02d:00", hour))
            label.addCSSClass("dim-label")
            label.addCSSClass("numeric")
            label.verticalAlignment = .start
            label.setSizeRequest(height: rowHeight * 4)
            label.setMargins(top: 0, bottom: 0, start: 0, end: 6)
            grid.attach(label, column: 0, row: 1 + (hour - layout.firstHour) * 4, height: 4)
        }
        if layout.blocks.isEmpty {
            let empty = Label(tr("No classes this week."))
            empty.addCSSClass("dim-label")
            grid.attach(empty, column: 1, row: 1 + 8, width: max(1, column - 1), height: 4)
        }
        var next = 0
        let attachMore: @MainActor () -> Bool = {
            let end = min(next + blocksPerTurn, layout.blocks.count)
            for block in layout.blocks[next..<end] {
                grid.attach(self.block(block, zone: zone, open: open), column: firstColumn[block.day] + block.lane,
                            row: 1 + block.row, height: block.rows)
            }
            next = end
            return next < layout.blocks.count
        }
        return (grid, attachMore)
    }

    private static func block(_ block: WeekLayout.Block, zone: TimeZone, open: @escaping @MainActor (ScheduledClass) -> Void) -> Widget {
        let scheduled = block.scheduled
        let c = scheduled.source
        let lines = Box.vertical(spacing: 0)
        var texts = [c.name]
        if block.rows >= 2 { texts.append(c.isSubstitute ? tr("{trainer} (substitute)", ["trainer": c.trainer]) : c.trainer) }
        if block.rows >= 3 { texts.append(c.room) }
        if block.rows >= 4 { texts.append(ScheduleText.booked(c)) }
        for (index, text) in texts.enumerated() {
            let label = Label(text)
            label.xalign = 0
            label.ellipsizesAtEnd = true
            if index == 0 { label.addCSSClass("class-name") }
            lines.append(label)
        }
        let button = Button(label: "")
        button.setChild(lines)
        button.addCSSClass("class-block")
        button.addCSSClass(ScheduleText.programStyle(c.program))
        if c.isCancelled { button.addCSSClass("cancelled") }
        if c.isSubstitute { button.addCSSClass("substitute") }
        if scheduled.isRemoved { button.addCSSClass("removed") }
        button.setSizeRequest(width: 84, height: rowHeight * block.rows)
        button.hexpand = true
        button.setAccessibleLabel(ScheduleText.spoken(scheduled, zone: zone))
        button.tooltip = ScheduleText.spoken(scheduled, zone: zone)
        button.onClicked { open(scheduled) }
        return button
    }
}

/// The list view: one row per class in time order, each opening the class's page.
@MainActor
enum ClassList {
    static func make(_ classes: [ScheduledClass], zone: TimeZone, open: @escaping @MainActor (ScheduledClass) -> Void) -> Widget {
        let list = ListBox.boxed()
        list.setAccessibleLabel(tr("Classes"))
        list.setMargins(top: 6, bottom: 12, start: 12, end: 12)
        list.setPlaceholder(Label(tr("No classes this week.")))
        for scheduled in classes {
            let c = scheduled.source
            let button = Button(label: ScheduleText.listLine(scheduled, zone: zone).replacingOccurrences(of: "_", with: "__"))
            button.hasFrame = false
            if c.isCancelled { button.addCSSClass("cancelled") }
            if c.isSubstitute { button.addCSSClass("substitute") }
            button.setAccessibleLabel(ScheduleText.spoken(scheduled, zone: zone))
            button.onClicked { open(scheduled) }
            list.append(button)
        }
        return list
    }
}
