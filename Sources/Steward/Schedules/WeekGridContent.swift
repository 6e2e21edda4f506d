import GtkKit
import StewardCore
import StewardPrint

/// A week grid drawn by `WeekGridPicture`: the gym's classes and the events' week. Its size,
/// where its blocks' buttons go and its drawing all follow from its lanes, rows and blocks, so
/// both grids share them.
@MainActor
protocol WeekGridContent: DrawnScheduleContent {
    /// Lanes per day (overlapping blocks side by side).
    var gridLanes: [Int] { get }
    var gridRowCount: Int { get }
    /// Each block's day, lane, first row and rows, in the order of its buttons.
    var gridBlocks: [(day: Int, lane: Int, row: Int, rows: Int)] { get }
    var gridPicture: WeekGridPicture { get }
    /// Whether lanes or days share the width equally (`WeekGridGeometry.Sharing`).
    var gridSharing: WeekGridGeometry.Sharing { get }
}

extension WeekGridContent {
    func geometry(width: Int) -> WeekGridGeometry {
        WeekGridGeometry(lanes: gridLanes, rows: gridRowCount, width: Double(width), sharing: gridSharing)
    }

    func size(horizontal: Bool) -> Double {
        guard horizontal else { return WeekGridGeometry.height(rows: gridRowCount) }
        switch gridSharing {
        case .lanesEqual: return WeekGridGeometry.minimumWidth(lanes: gridLanes.reduce(0, +))
        case .daysEqual: return WeekGridGeometry.minimumWidth(days: gridLanes.count)
        }
    }

    func place(in schedule: DrawnSchedule, width: Int) {
        let geometry = geometry(width: width)
        if schedule.empty.isVisible {
            schedule.allocate(schedule.empty, at: (0, geometry.rowY(8), Double(width), WeekGridGeometry.rowHeight * 4))
        }
        for (index, block) in gridBlocks.enumerated() {
            schedule.place(index, at: geometry.block(day: block.day, lane: block.lane, row: block.row, rows: block.rows))
        }
    }

    func draw(on context: OpaquePointer, width: Int, font: (family: String, points: Double), within shown: DrawnSchedule.Span?) {
        gridPicture.draw(on: context, geometry: geometry(width: width), dark: StyleManager.isDark,
                         fontFamily: font.family, fontSize: font.points, within: shown)
    }
}
