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
final class WeekGrid: WeekGridContent {
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

    var gridLanes: [Int] { layout.lanes }
    var gridRowCount: Int { layout.rowCount }
    var gridBlocks: [(day: Int, lane: Int, row: Int, rows: Int)] { layout.blocks.map { ($0.day, $0.lane, $0.row, $0.rows) } }
    var gridPicture: WeekGridPicture { picture }
    /// Every class its readable lane; a busy week scrolls sideways.
    var gridSharing: WeekGridGeometry.Sharing { .lanesEqual }

    func open(_ index: Int) {
        guard index < classes.count else { return }
        onOpen?(classes[index])
    }
}
