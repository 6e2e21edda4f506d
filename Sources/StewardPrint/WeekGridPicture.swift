import CPangoCairo
import Foundation

/// Where a week grid's parts go for a given width: days across (each day as many lanes wide
/// as its most overlapping classes), 15-minute rows down. The window draws the grid from it and
/// places each class's (invisible) button over the block it drew, so both agree to the pixel.
public struct WeekGridGeometry: Sendable, Equatable {
    public static let rowHeight: Double = 20
    public static let laneMinimumWidth: Double = 84
    public static let laneSpacing: Double = 4
    public static let hourColumnWidth: Double = 50
    public static let headingHeight: Double = 26
    public static let margin = (top: 6.0, bottom: 12.0, start: 12.0, end: 12.0)
    /// The gap left between a block and the one right below it, so they read as two.
    public static let blockGap: Double = 2

    /// How the width is shared. The gym's grid gives every lane the same width, so a day of
    /// three overlapping classes is three lanes wide and a busy week scrolls sideways. A calendar's
    /// week gives every day the same width, as calendars do, and splits a day among its lanes, so
    /// the seven days fit the window.
    public enum Sharing: Sendable, Equatable {
        case lanesEqual
        case daysEqual
    }

    /// The narrowest a day is when days share the width equally.
    public static let dayMinimumWidth: Double = 64

    /// Lanes per day (7 entries, each at least 1) and 15-minute rows in the day shown.
    public let lanes: [Int]
    public let rows: Int
    public let sharing: Sharing
    /// The first lane of each day, counted across the week.
    private let firstLane: [Int]
    /// Every lane's width when lanes share the width; when days do, a day's width.
    private let unit: Double

    public init(lanes: [Int], rows: Int, width: Double, sharing: Sharing = .lanesEqual) {
        self.lanes = lanes
        self.rows = rows
        self.sharing = sharing
        var first: [Int] = []
        var total = 0
        for count in lanes {
            first.append(total)
            total += count
        }
        firstLane = first
        let across = width - Self.margin.start - Self.margin.end - Self.hourColumnWidth
        switch sharing {
        case .lanesEqual:
            let spare = across - Self.laneSpacing * Double(max(0, total - 1))
            unit = max(Self.laneMinimumWidth, (spare / Double(max(1, total))).rounded(.down))
        case .daysEqual:
            let spare = across - Self.laneSpacing * Double(max(0, lanes.count - 1))
            unit = max(Self.dayMinimumWidth, (spare / Double(max(1, lanes.count))).rounded(.down))
        }
    }

    public var laneCount: Int { lanes.reduce(0, +) }

    /// The width of each of `day`'s lanes.
    public func laneWidth(day: Int) -> Double {
        switch sharing {
        case .lanesEqual: return unit
        case .daysEqual:
            let count = Double(max(1, lanes[day]))
            return ((unit - Self.laneSpacing * (count - 1)) / count).rounded(.down)
        }
    }

    /// The narrowest the grid can be and still show every lane at its minimum width.
    public static func minimumWidth(lanes: Int) -> Double {
        margin.start + hourColumnWidth + Double(lanes) * laneMinimumWidth + Double(max(0, lanes - 1)) * laneSpacing + margin.end
    }

    /// The narrowest a grid whose days share the width equally can be (`daysEqual`).
    public static func minimumWidth(days: Int) -> Double {
        margin.start + hourColumnWidth + Double(days) * dayMinimumWidth + Double(max(0, days - 1)) * laneSpacing + margin.end
    }

    public static func height(rows: Int) -> Double {
        margin.top + headingHeight + Double(rows) * rowHeight + margin.bottom
    }

    public func laneX(day: Int, lane: Int) -> Double {
        let left = Self.margin.start + Self.hourColumnWidth
        switch sharing {
        case .lanesEqual: return left + Double(firstLane[day] + lane) * (unit + Self.laneSpacing)
        case .daysEqual: return left + Double(day) * (unit + Self.laneSpacing) + Double(lane) * (laneWidth(day: day) + Self.laneSpacing)
        }
    }

    public func rowY(_ row: Int) -> Double {
        Self.margin.top + Self.headingHeight + Double(row) * Self.rowHeight
    }

    /// A block's rectangle: its lane, from its first row for `rows` rows.
    public func block(day: Int, lane: Int, row: Int, rows: Int) -> (x: Double, y: Double, width: Double, height: Double) {
        (laneX(day: day, lane: lane), rowY(row), laneWidth(day: day), Double(rows) * Self.rowHeight - Self.blockGap)
    }

    /// A day's span across its lanes (for its heading).
    public func day(_ day: Int) -> (x: Double, width: Double) {
        switch sharing {
        case .lanesEqual: return (laneX(day: day, lane: 0), Double(lanes[day]) * (unit + Self.laneSpacing) - Self.laneSpacing)
        case .daysEqual: return (laneX(day: day, lane: 0), unit)
        }
    }
}

/// A week grid drawn with Cairo and Pango in one pass: the day headings, the hours with a faint
/// line each, and every class as a rounded block coloured by its program, its lines of text
/// (name in bold, then trainer, room, bookings, as many as fit) ellipsized to the block; a
/// cancelled class faded and struck through, a substitute's block edged in dashes, a class
/// the source no longer lists faded further. One drawing for hundreds of classes, where a
/// widget per block and per line of text cost seconds to build, measure and lay out.
public struct WeekGridPicture: Sendable {
    public struct Block: Sendable {
        public var day: Int
        public var lane: Int
        public var row: Int
        public var rows: Int
        /// The name first; the others in the order they are dropped from the end when short of room.
        public var lines: [String]
        /// 0..<6: the program's colour (`ScheduleBlockPainter.programColours`).
        public var colour: Int
        public var isCancelled: Bool
        public var isSubstitute: Bool
        public var isRemoved: Bool

        public init(day: Int, lane: Int, row: Int, rows: Int, lines: [String], colour: Int,
                    isCancelled: Bool, isSubstitute: Bool, isRemoved: Bool) {
            self.day = day
            self.lane = lane
            self.row = row
            self.rows = rows
            self.lines = lines
            self.colour = colour
            self.isCancelled = isCancelled
            self.isSubstitute = isSubstitute
            self.isRemoved = isRemoved
        }
    }

    public var headings: [String]
    /// The first hour shown, and the hours' labels from it ("06:00", ...).
    public var hours: [String]
    public var blocks: [Block]

    public init(headings: [String], hours: [String], blocks: [Block]) {
        self.headings = headings
        self.hours = hours
        self.blocks = blocks
    }

    /// Draws on `context` (a `cairo_t *`) laid out by `geometry`; `dark` for a dark style.
    /// `fontFamily` and `fontSize` (points) are the window's, so the grid reads like the rest.
    /// Only what lies `within` the span of heights given (what a window shows) is drawn.
    public func draw(on context: OpaquePointer, geometry: WeekGridGeometry, dark: Bool, fontFamily: String, fontSize: Double,
                     within span: (top: Double, bottom: Double)? = nil) {
        let top = span?.top ?? -Double.infinity
        let bottom = span?.bottom ?? Double.infinity
        let painter = ScheduleBlockPainter(context: context, dark: dark, fontFamily: fontFamily, fontSize: fontSize)
        defer { painter.finish() }

        // Day headings, bold, centred over their lanes.
        for (day, heading) in headings.enumerated() where day < geometry.lanes.count {
            let span = geometry.day(day)
            painter.text(heading, x: span.x, y: WeekGridGeometry.margin.top, width: span.width, weight: .bold, centred: true)
        }

        // Hours: a faint line across the week and the hour dimmed at its start.
        painter.setScale(0.85)
        let gridLeft = WeekGridGeometry.margin.start + WeekGridGeometry.hourColumnWidth
        let lastDay = geometry.day(geometry.lanes.count - 1)
        let gridRight = lastDay.x + lastDay.width
        for (index, hour) in hours.enumerated() {
            let y = geometry.rowY(index * 4)
            guard y + WeekGridGeometry.rowHeight >= top, y - 2 <= bottom else { continue }
            painter.rule(x: gridLeft, y: y, width: gridRight - gridLeft)
            painter.text(hour, x: WeekGridGeometry.margin.start, y: y - 1, width: WeekGridGeometry.hourColumnWidth - 6, alpha: 0.55)
        }

        for block in blocks {
            let rect = geometry.block(day: block.day, lane: block.lane, row: block.row, rows: block.rows)
            guard rect.y + rect.height >= top, rect.y <= bottom else { continue }
            painter.block(ScheduleBlockLook(kind: .program(block.colour), lines: block.lines, isCancelled: block.isCancelled,
                                            isSubstitute: block.isSubstitute, isRemoved: block.isRemoved), in: rect)
        }
    }
}
