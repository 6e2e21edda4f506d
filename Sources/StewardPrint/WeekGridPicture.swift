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

    /// Lanes per day (7 entries, each at least 1) and 15-minute rows in the day shown.
    public let lanes: [Int]
    public let rows: Int
    /// The first lane of each day, counted across the week.
    private let firstLane: [Int]
    public let laneWidth: Double

    public init(lanes: [Int], rows: Int, width: Double) {
        self.lanes = lanes
        self.rows = rows
        var first: [Int] = []
        var total = 0
        for count in lanes {
            first.append(total)
            total += count
        }
        firstLane = first
        let spare = width - Self.margin.start - Self.margin.end - Self.hourColumnWidth - Self.laneSpacing * Double(max(0, total - 1))
        laneWidth = max(Self.laneMinimumWidth, (spare / Double(max(1, total))).rounded(.down))
    }

    public var laneCount: Int { lanes.reduce(0, +) }

    /// The narrowest the grid can be and still show every lane at its minimum width.
    public static func minimumWidth(lanes: Int) -> Double {
        margin.start + hourColumnWidth + Double(lanes) * laneMinimumWidth + Double(max(0, lanes - 1)) * laneSpacing + margin.end
    }

    public static func height(rows: Int) -> Double {
        margin.top + headingHeight + Double(rows) * rowHeight + margin.bottom
    }

    public func laneX(day: Int, lane: Int) -> Double {
        Self.margin.start + Self.hourColumnWidth + Double(firstLane[day] + lane) * (laneWidth + Self.laneSpacing)
    }

    public func rowY(_ row: Int) -> Double {
        Self.margin.top + Self.headingHeight + Double(row) * Self.rowHeight
    }

    /// A block's rectangle: its lane, from its first row for `rows` rows.
    public func block(day: Int, lane: Int, row: Int, rows: Int) -> (x: Double, y: Double, width: Double, height: Double) {
        (laneX(day: day, lane: lane), rowY(row), laneWidth, Double(rows) * Self.rowHeight - Self.blockGap)
    }

    /// A day's span across its lanes (for its heading).
    public func day(_ day: Int) -> (x: Double, width: Double) {
        let x = laneX(day: day, lane: 0)
        return (x, Double(lanes[day]) * (laneWidth + Self.laneSpacing) - Self.laneSpacing)
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
        /// 0..<6: the program's colour (`WeekGridPicture.programColours`).
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

    /// GNOME's palette (blue 3, green 3, orange 3, purple 3, red 3, yellow 4), as style.css had
    /// the blocks, with how strongly each tints its block.
    public static let programColours: [(red: Double, green: Double, blue: Double, tint: Double)] = [
        rgb(0x3584E4, tint: 0.25), rgb(0x33D17A, tint: 0.25), rgb(0xFF7800, tint: 0.25),
        rgb(0x9141AC, tint: 0.25), rgb(0xE01B24, tint: 0.20), rgb(0xF5C211, tint: 0.30),
    ]
    /// libadwaita's warning colour, light and dark (a substitute's dashed edge).
    static let warningLight = solid(0x9C6E03)
    static let warningDark = solid(0xF8E45C)

    private static func rgb(_ hex: Int, tint: Double) -> (red: Double, green: Double, blue: Double, tint: Double) {
        let colour = solid(hex)
        return (colour.0, colour.1, colour.2, tint)
    }

    private static func solid(_ hex: Int) -> (Double, Double, Double) {
        (Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255)
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
        let ink: (Double, Double, Double) = dark ? (1, 1, 1) : (0, 0, 0)
        let inkAlpha = dark ? 1.0 : 0.8
        // One layout reused for every line: a layout per line costs more than the drawing.
        let layout = pango_cairo_create_layout(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let regular = pango_font_description_new()!
        let bold = pango_font_description_new()!
        defer {
            pango_font_description_free(regular)
            pango_font_description_free(bold)
        }
        for font in [regular, bold] {
            pango_font_description_set_family(font, fontFamily)
        }
        pango_font_description_set_size(bold, Int32(fontSize * Double(PANGO_SCALE)))
        pango_font_description_set_weight(bold, PANGO_WEIGHT_BOLD)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)

        // Day headings, bold, centred over their lanes.
        pango_layout_set_font_description(layout, bold)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        cairo_set_source_rgba(context, ink.0, ink.1, ink.2, inkAlpha)
        for (day, heading) in headings.enumerated() where day < geometry.lanes.count {
            let span = geometry.day(day)
            show(heading, layout: layout, on: context, x: span.x, y: WeekGridGeometry.margin.top, width: span.width)
        }

        // Hours: a faint line across the week and the hour dimmed at its start.
        let smaller = fontSize * 0.85
        pango_font_description_set_size(regular, Int32(smaller * Double(PANGO_SCALE)))
        pango_font_description_set_size(bold, Int32(smaller * Double(PANGO_SCALE)))
        pango_layout_set_font_description(layout, regular)
        pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        let gridLeft = WeekGridGeometry.margin.start + WeekGridGeometry.hourColumnWidth
        let gridRight = geometry.laneX(day: 6, lane: geometry.lanes[6] - 1) + geometry.laneWidth
        for (index, hour) in hours.enumerated() {
            let y = geometry.rowY(index * 4)
            guard y + WeekGridGeometry.rowHeight >= top, y - 2 <= bottom else { continue }
            cairo_set_source_rgba(context, ink.0, ink.1, ink.2, 0.08)
            cairo_rectangle(context, gridLeft, y - 0.5, gridRight - gridLeft, 1)
            cairo_fill(context)
            cairo_set_source_rgba(context, ink.0, ink.1, ink.2, 0.55)
            show(hour, layout: layout, on: context, x: WeekGridGeometry.margin.start, y: y - 1,
                 width: WeekGridGeometry.hourColumnWidth - 6)
        }

        var lineHeight: Int32 = 0
        pango_layout_set_text(layout, "Ag", -1)
        pango_layout_get_pixel_size(layout, nil, &lineHeight)
        let struck = pango_attr_list_new()!
        pango_attr_list_insert(struck, pango_attr_strikethrough_new(1))
        defer { pango_attr_list_unref(struck) }

        for block in blocks {
            let rect = geometry.block(day: block.day, lane: block.lane, row: block.row, rows: block.rows)
            guard rect.y + rect.height >= top, rect.y <= bottom else { continue }
            let faded = block.isRemoved || block.isCancelled
            if faded { cairo_push_group(context) }
            let colour = Self.programColours[block.colour % Self.programColours.count]
            // The window's background first, so the hour lines do not show through the tint.
            roundedRectangle(context, rect, radius: 6)
            let paper = dark ? 0.14 : 0.98
            cairo_set_source_rgb(context, paper, paper, paper)
            cairo_fill_preserve(context)
            cairo_set_source_rgba(context, colour.red, colour.green, colour.blue, colour.tint)
            cairo_fill_preserve(context)
            // The program's colour as a bar down the left edge, inside the rounded corners.
            cairo_save(context)
            cairo_clip(context)
            cairo_set_source_rgb(context, colour.red, colour.green, colour.blue)
            cairo_rectangle(context, rect.x, rect.y, 4, rect.height)
            cairo_fill(context)
            cairo_restore(context)
            if block.isSubstitute {
                // Dashed in the warning colour (libadwaita's, light and dark).
                let warning: (Double, Double, Double) = dark ? Self.warningDark : Self.warningLight
                roundedRectangle(context, (rect.x + 1, rect.y + 1, rect.width - 2, rect.height - 2), radius: 5)
                cairo_set_source_rgb(context, warning.0, warning.1, warning.2)
                cairo_set_line_width(context, 2)
                var dashes: [Double] = [4, 3]
                cairo_set_dash(context, &dashes, 2, 0)
                cairo_stroke(context)
                cairo_set_dash(context, nil, 0, 0)
            }
            // As many lines as the block has room for, the name first.
            let fitting = max(1, Int((rect.height - 4) / Double(max(1, lineHeight))))
            pango_layout_set_attributes(layout, block.isCancelled ? struck : nil)
            cairo_set_source_rgba(context, ink.0, ink.1, ink.2, inkAlpha)
            for (index, line) in block.lines.prefix(fitting).enumerated() {
                pango_layout_set_font_description(layout, index == 0 ? bold : regular)
                show(line, layout: layout, on: context, x: rect.x + 8, y: rect.y + 2 + Double(index) * Double(lineHeight),
                     width: rect.width - 12)
            }
            pango_layout_set_attributes(layout, nil)
            if faded {
                cairo_pop_group_to_source(context)
                cairo_paint_with_alpha(context, block.isRemoved ? 0.35 : 0.6)
            }
        }
    }

    private func show(_ text: String, layout: OpaquePointer, on context: OpaquePointer, x: Double, y: Double, width: Double) {
        pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
        pango_layout_set_text(layout, text, -1)
        cairo_move_to(context, x, y)
        pango_cairo_show_layout(context, layout)
    }

    private func roundedRectangle(_ context: OpaquePointer, _ rect: (x: Double, y: Double, width: Double, height: Double), radius: Double) {
        let r: Double = min(radius, rect.height / 2, rect.width / 2)
        let left: Double = rect.x + r, right: Double = rect.x + rect.width - r
        let top: Double = rect.y + r, bottom: Double = rect.y + rect.height - r
        let quarter: Double = Double.pi / 2
        cairo_new_sub_path(context)
        cairo_arc(context, right, top, r, -quarter, 0)
        cairo_arc(context, right, bottom, r, 0, quarter)
        cairo_arc(context, left, bottom, r, quarter, 2 * quarter)
        cairo_arc(context, left, top, r, 2 * quarter, 3 * quarter)
        cairo_close_path(context)
    }
}
