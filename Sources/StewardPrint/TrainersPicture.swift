import CPangoCairo
import Foundation

/// Where the trainers view's parts go for a given width: a column of trainers' names, the
/// week's seven days across, each trainer a row as tall as their busiest day, each day's
/// entries stacked in time order. The window draws the entries from it and places each entry's
/// (invisible) button and each trainer's heading over it, so all agree to the pixel.
public struct TrainersGeometry: Sendable {
    public static let margin = (top: 6.0, bottom: 12.0, start: 12.0, end: 12.0)
    public static let headingHeight: Double = 26
    public static let nameColumnWidth: Double = 112
    public static let dayMinimumWidth: Double = 78
    public static let columnSpacing: Double = 4
    public static let rowSpacing: Double = 10
    /// An entry: two lines of the smaller text with room around them.
    public static let entryHeight: Double = 38
    public static let entryGap: Double = 2
    /// A row holds its trainer's name and count (over two lines when it names appointments too)
    /// even on a week without entries.
    public static let rowMinimumHeight: Double = 58

    /// Each row's top and height.
    public let rows: [(y: Double, height: Double)]
    public let dayWidth: Double

    /// `entries[row][day]` is how many entries the row's day holds (7 per row).
    public init(entries: [[Int]], width: Double) {
        var y = Self.margin.top + Self.headingHeight
        var rows: [(y: Double, height: Double)] = []
        for counts in entries {
            let most = Double(counts.max() ?? 0)
            let height = max(Self.rowMinimumHeight, most * Self.entryHeight + max(0, most - 1) * Self.entryGap)
            rows.append((y, height))
            y += height + Self.rowSpacing
        }
        self.rows = rows
        let spare = width - Self.margin.start - Self.margin.end - Self.nameColumnWidth - 7 * Self.columnSpacing
        dayWidth = max(Self.dayMinimumWidth, (spare / 7).rounded(.down))
    }

    /// The narrowest the view can be and still show every day at its minimum width.
    public static var minimumWidth: Double {
        margin.start + nameColumnWidth + 7 * (columnSpacing + dayMinimumWidth) + margin.end
    }

    /// The whole view's height: the headings, every row, and room for one empty row at least
    /// (where a week without classes says so).
    public var height: Double {
        let last = rows.last.map { $0.y + $0.height } ?? Self.margin.top + Self.headingHeight + Self.rowMinimumHeight
        return last + Self.margin.bottom
    }

    public func dayX(_ day: Int) -> Double {
        Self.margin.start + Self.nameColumnWidth + Self.columnSpacing + Double(day) * (dayWidth + Self.columnSpacing)
    }

    /// Where a row's trainer name and count go.
    public func name(row: Int) -> (x: Double, y: Double, width: Double, height: Double) {
        (Self.margin.start, rows[row].y, Self.nameColumnWidth, Self.rowMinimumHeight)
    }

    /// Entry `index` of a row's day (0 the earliest).
    public func entry(row: Int, day: Int, index: Int) -> (x: Double, y: Double, width: Double, height: Double) {
        (dayX(day), rows[row].y + Double(index) * (Self.entryHeight + Self.entryGap), dayWidth, Self.entryHeight)
    }

    /// The width from the first day's left edge to the last day's right edge.
    public var daysSpan: (x: Double, width: Double) {
        (dayX(0), dayX(6) + dayWidth - dayX(0))
    }
}

/// The trainers view drawn with Cairo and Pango in one pass: the day headings, a faint rule
/// between trainers, and each entry (a class, or a staff appointment) as a small block in the
/// week grid's look (`ScheduleBlockPainter`). The trainers' names are widgets of their own,
/// placed over the name column, so a screen reader hears each row's heading.
public struct TrainersPicture: Sendable {
    public var headings: [String]
    /// `entries[row][day]`: each day's entries in time order.
    public var entries: [[[ScheduleBlockLook]]]

    public init(headings: [String], entries: [[[ScheduleBlockLook]]]) {
        self.headings = headings
        self.entries = entries
    }

    public var geometryCounts: [[Int]] { entries.map { $0.map(\.count) } }

    /// Draws on `context` (a `cairo_t *`) laid out by `geometry`, only what lies `within` the
    /// span of heights given (what the window shows).
    public func draw(on context: OpaquePointer, geometry: TrainersGeometry, dark: Bool, fontFamily: String, fontSize: Double,
                     within span: (top: Double, bottom: Double)? = nil) {
        let top = span?.top ?? -Double.infinity
        let bottom = span?.bottom ?? Double.infinity
        let painter = ScheduleBlockPainter(context: context, dark: dark, fontFamily: fontFamily, fontSize: fontSize)
        defer { painter.finish() }
        for (day, heading) in headings.prefix(7).enumerated() {
            painter.text(heading, x: geometry.dayX(day), y: TrainersGeometry.margin.top, width: geometry.dayWidth,
                         weight: .bold, centred: true)
        }
        painter.setScale(0.85)
        let across = (x: TrainersGeometry.margin.start, width: geometry.daysSpan.x + geometry.daysSpan.width - TrainersGeometry.margin.start)
        for (row, days) in entries.enumerated() where row < geometry.rows.count {
            let band = geometry.rows[row]
            guard band.y + band.height >= top, band.y - TrainersGeometry.rowSpacing <= bottom else { continue }
            if row > 0 { painter.rule(x: across.x, y: band.y - TrainersGeometry.rowSpacing / 2, width: across.width) }
            for (day, looks) in days.prefix(7).enumerated() {
                for (index, look) in looks.enumerated() {
                    let rect = geometry.entry(row: row, day: day, index: index)
                    guard rect.y + rect.height >= top, rect.y <= bottom else { continue }
                    painter.block(look, in: rect)
                }
            }
        }
    }
}
