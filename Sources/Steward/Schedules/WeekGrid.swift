import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// The week grid: days across, hours down (15-minute rows), each class a block spanning its
/// time, in its lane when classes overlap. A block says name, trainer, room and booked/capacity,
/// coloured by program; a cancelled class is struck through, a substitute marked.
///
/// The blocks are drawn, all of them, in one drawing area (`WeekGridPicture`); over each lies
/// a button (`BlockButtons`) whose accessible name says all of the class, cancellation and
/// substitute included. A week of 500 classes built as 500 buttons of up to four labels each
/// (some 2,500 widgets, measured, laid out and announced to the accessibility bus) stalled the
/// window for over a second.
@MainActor
final class WeekGrid {
    let widget: Widget
    private let area = DrawingArea()
    private let empty = Label(tr("No classes this week."))
    private let buttons: BlockButtons
    /// The class under each button, in the layout's order (by day, then time).
    private var classes: [ScheduledClass] = []
    private var layout = WeekLayout([], firstDay: LocalDate(Date(), in: .current), zone: .current)
    private var picture = WeekGridPicture(headings: [], hours: [], blocks: [])
    private var zone = TimeZone.current
    private weak var scroller: ScrolledWindow?
    /// What a click on a class does (opens its page).
    var onOpen: (@MainActor (ScheduledClass) -> Void)?

    init() {
        // The box's handlers reach the grid weakly: the box lives as long as GTK shows it.
        weak var grid: WeekGrid?
        let box = PlacedBox(measure: { horizontal in
            guard let grid else { return 0 }
            return Int((horizontal ? WeekGridGeometry.minimumWidth(lanes: grid.layout.lanes.reduce(0, +))
                : WeekGridGeometry.height(rows: grid.layout.rowCount)).rounded(.up))
        }, place: { box, width, height in
            grid?.place(in: box, width: width, height: height)
        })
        widget = box
        buttons = BlockButtons(in: box)
        grid = self
        buttons.onClick = { [weak self] index in
            guard let self, index < self.classes.count else { return }
            self.onOpen?(self.classes[index])
        }
        box.addCSSClass("drawn-schedule")
        box.append(area)
        empty.addCSSClass("dim-label")
        box.append(empty)
        area.onDraw { [weak self] context, width, _ in
            guard let self else { return }
            let font = self.area.font
            let shown = self.scroller?.visibleRect
            self.picture.draw(on: context, geometry: self.geometry(width: width), dark: StyleManager.isDark,
                              fontFamily: font.family, fontSize: font.points,
                              within: shown.map { (top: $0.y, bottom: $0.y + $0.height) })
        }
    }

    /// Draws only what `scroller` shows, again as it scrolls: a few dozen blocks a frame
    /// rather than the whole week's hundreds at each change of week.
    func follow(_ scroller: ScrolledWindow) {
        self.scroller = scroller
        scroller.onViewChanged { [weak self] in self?.area.redraw() }
    }

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
        empty.isVisible = layout.blocks.isEmpty
        area.redraw()
        (widget as? PlacedBox)?.remeasure()
        buttons.show(count: classes.count) { [weak self] index in
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

    private func place(in box: PlacedBox, width: Int, height: Int) {
        let geometry = geometry(width: width)
        box.allocate(area, x: 0, y: 0, width: Double(width), height: Double(height))
        if empty.isVisible {
            box.allocate(empty, x: 0, y: geometry.rowY(8), width: Double(width), height: WeekGridGeometry.rowHeight * 4)
        }
        for (index, block) in layout.blocks.enumerated() {
            buttons.place(index, at: geometry.block(day: block.day, lane: block.lane, row: block.row, rows: block.rows))
        }
    }
}
