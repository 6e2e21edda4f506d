import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// The week grid: days across, hours down (15-minute rows), each class a block spanning its
/// time, in its lane when classes overlap. A block says name, trainer, room and booked/capacity,
/// coloured by program; a cancelled class is struck through, a substitute marked. The blocks
/// are drawn (`WeekGridPicture`), with a button over each whose accessible name says all of the
/// class, cancellation and substitute included (`DrawnSchedule`).
@MainActor
final class WeekGrid: DrawnScheduleContent {
    var widget: Widget { schedule.box }
    private let schedule = DrawnSchedule()
    /// The class under each button, in the layout's order (by day, then time).
    private var classes: [ScheduledClass] = []
    private var layout = WeekLayout([], firstDay: LocalDate(Date(), in: .current), zone: .current)
    private var picture = WeekGridPicture(headings: [], hours: [], blocks: [])
    private var zone = TimeZone.current
    /// What a click on a class does (opens its page).
    var onOpen: (@MainActor (ScheduledClass) -> Void)?

    init() {
        schedule.content = self
    }

    func follow(_ scroller: ScrolledWindow) { schedule.follow(scroller) }

    private func geometry(width: Int) -> WeekGridGeometry {
        WeekGridGeometry(lanes: layout.lanes, rows: layout.rowCount, width: Double(width))
    }

    /// Shows `layout`'s week: drawn at once, its buttons named over the next few turns.
    func show(_ layout: WeekLayout, zone: TimeZone) {
        self.layout = layout
        self.zone = zone
        classes = layout.blocks.map(\.scheduled)
        picture = WeekGridPicture(
            headings: (0..<7).map { ScheduleText.shortDay(layout.firstDay.adding(days: $0)) },
            hours: (layout.firstHour..<layout.lastHour).map { String(format: "%02d:00", $0) },
            blocks: layout.blocks.map(Self.picture))
        schedule.show(count: classes.count) { [weak self] index in
            guard let self else { return "" }
            return ScheduleText.spoken(self.classes[index], zone: self.zone)
        }
    }

    private static func picture(_ block: WeekLayout.Block) -> WeekGridPicture.Block {
        let c = block.scheduled.source
        let lines = [c.name, c.isSubstitute ? tr("{trainer} (substitute)", ["trainer": c.trainer]) : c.trainer,
                     c.room, ScheduleText.booked(c)]
        return WeekGridPicture.Block(day: block.day, lane: block.lane, row: block.row, rows: block.rows, lines: lines,
                                     colour: ScheduleText.programIndex(c.program), isCancelled: c.isCancelled,
                                     isSubstitute: c.isSubstitute, isRemoved: block.scheduled.isRemoved)
    }

    // MARK: DrawnScheduleContent

    func size(horizontal: Bool) -> Double {
        horizontal ? WeekGridGeometry.minimumWidth(lanes: layout.lanes.reduce(0, +)) : WeekGridGeometry.height(rows: layout.rowCount)
    }

    func place(in schedule: DrawnSchedule, width: Int) {
        let geometry = geometry(width: width)
        if schedule.empty.isVisible {
            schedule.allocate(schedule.empty, at: (0, geometry.rowY(8), Double(width), WeekGridGeometry.rowHeight * 4))
        }
        for (index, block) in layout.blocks.enumerated() {
            schedule.place(index, at: geometry.block(day: block.day, lane: block.lane, row: block.row, rows: block.rows))
        }
    }

    func draw(on context: OpaquePointer, width: Int, font: (family: String, points: Double), within shown: DrawnSchedule.Span?) {
        picture.draw(on: context, geometry: geometry(width: width), dark: StyleManager.isDark,
                     fontFamily: font.family, fontSize: font.points, within: shown)
    }

    func open(_ index: Int) {
        guard index < classes.count else { return }
        onOpen?(classes[index])
    }
}
