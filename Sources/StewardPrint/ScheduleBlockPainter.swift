import CPangoCairo
import Foundation

/// How one entry of a schedule is drawn: a class in its program's colour, or a staff
/// appointment (personal training) in a look of its own so it never passes for a class.
public struct ScheduleBlockLook: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A class; 0..<6 is its program's colour (`ScheduleBlockPainter.programColours`; 6,
        /// brown, is an event calendar's).
        case program(Int)
        /// A trainer's staff appointment.
        case appointment
    }

    public var kind: Kind
    /// The first line in bold; the others in the order they are dropped from the end when the
    /// block is short of room.
    public var lines: [String]
    /// Faded and struck through (a cancelled class, an appointment that did not happen).
    public var isCancelled: Bool
    /// Edged in dashes of the warning colour.
    public var isSubstitute: Bool
    /// No longer listed by the source: faded further.
    public var isRemoved: Bool

    public init(kind: Kind, lines: [String], isCancelled: Bool = false, isSubstitute: Bool = false, isRemoved: Bool = false) {
        self.kind = kind
        self.lines = lines
        self.isCancelled = isCancelled
        self.isSubstitute = isSubstitute
        self.isRemoved = isRemoved
    }
}

/// Draws schedule blocks and headings on one Cairo context with Pango, for the week grid and
/// the trainers view alike. One Pango layout serves every line: a layout per line costs more
/// than the drawing. Call `finish()` when done (it frees the layout and fonts).
final class ScheduleBlockPainter {
    /// GNOME's palette (blue 3, green 3, orange 3, purple 3, red 3, yellow 4), as style.css had
    /// the blocks, with how strongly each tints its block; then brown 3, which only an event
    /// calendar's colour takes (programs are given the first six).
    static let programColours: [(red: Double, green: Double, blue: Double, tint: Double)] = [
        rgb(0x3584E4, tint: 0.25), rgb(0x33D17A, tint: 0.25), rgb(0xFF7800, tint: 0.25),
        rgb(0x9141AC, tint: 0.25), rgb(0xE01B24, tint: 0.20), rgb(0xF5C211, tint: 0.30),
        rgb(0x986A44, tint: 0.25),
    ]
    /// libadwaita's warning colour, light and dark (a substitute's dashed edge).
    static let warningLight = solid(0x9C6E03)
    static let warningDark = solid(0xF8E45C)
    /// libadwaita's accent colour, light and dark (an appointment's edge).
    static let accentLight = solid(0x1C71D8)
    static let accentDark = solid(0x78AEED)

    private static func rgb(_ hex: Int, tint: Double) -> (red: Double, green: Double, blue: Double, tint: Double) {
        let colour = solid(hex)
        return (colour.0, colour.1, colour.2, tint)
    }

    private static func solid(_ hex: Int) -> (Double, Double, Double) {
        (Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    let context: OpaquePointer
    let dark: Bool
    /// Text's colour and how opaque it is.
    let ink: (Double, Double, Double)
    let inkAlpha: Double
    private let layout: OpaquePointer
    private let regular: OpaquePointer
    private let bold: OpaquePointer
    private let italicBold: OpaquePointer
    private let struck: OpaquePointer
    private let fontSize: Double
    /// One line's height at the current size, in pixels.
    private(set) var lineHeight: Double = 0

    init(context: OpaquePointer, dark: Bool, fontFamily: String, fontSize: Double) {
        self.context = context
        self.dark = dark
        self.fontSize = fontSize
        ink = dark ? (1, 1, 1) : (0, 0, 0)
        inkAlpha = dark ? 1.0 : 0.8
        layout = pango_cairo_create_layout(context)!
        regular = pango_font_description_new()!
        bold = pango_font_description_new()!
        italicBold = pango_font_description_new()!
        for font in [regular, bold, italicBold] {
            pango_font_description_set_family(font, fontFamily)
        }
        pango_font_description_set_weight(bold, PANGO_WEIGHT_BOLD)
        pango_font_description_set_weight(italicBold, PANGO_WEIGHT_BOLD)
        pango_font_description_set_style(italicBold, PANGO_STYLE_ITALIC)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        struck = pango_attr_list_new()!
        pango_attr_list_insert(struck, pango_attr_strikethrough_new(1))
        setScale(1)
    }

    func finish() {
        g_object_unref(UnsafeMutableRawPointer(layout))
        for font in [regular, bold, italicBold] { pango_font_description_free(font) }
        pango_attr_list_unref(struck)
    }

    /// Text from here on at `scale` times the window's font size.
    func setScale(_ scale: Double) {
        for font in [regular, bold, italicBold] {
            pango_font_description_set_size(font, Int32(fontSize * scale * Double(PANGO_SCALE)))
        }
        pango_layout_set_font_description(layout, regular)
        pango_layout_set_text(layout, "Ag", -1)
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, nil, &height)
        lineHeight = Double(max(1, height))
    }

    enum Weight { case regular, bold }

    /// One line of text, ellipsized to `width`, in the ink's colour at `alpha` (the ink's own
    /// by default).
    func text(_ text: String, x: Double, y: Double, width: Double, weight: Weight = .regular,
              centred: Bool = false, alpha: Double? = nil) {
        cairo_set_source_rgba(context, ink.0, ink.1, ink.2, alpha ?? inkAlpha)
        pango_layout_set_font_description(layout, weight == .bold ? bold : regular)
        pango_layout_set_alignment(layout, centred ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT)
        show(text, x: x, y: y, width: width)
    }

    /// A faint rule across, one pixel high, centred on `y`.
    func rule(x: Double, y: Double, width: Double) {
        cairo_set_source_rgba(context, ink.0, ink.1, ink.2, 0.08)
        cairo_rectangle(context, x, y - 0.5, width, 1)
        cairo_fill(context)
    }

    /// A block: rounded, tinted by its look, its lines (as many as fit) ellipsized to it.
    func block(_ look: ScheduleBlockLook, in rect: (x: Double, y: Double, width: Double, height: Double)) {
        let faded = look.isRemoved || look.isCancelled
        if faded { cairo_push_group(context) }
        // The window's background first, so lines behind do not show through the tint.
        roundedRectangle(rect, radius: 6)
        let paper = dark ? 0.14 : 0.98
        cairo_set_source_rgb(context, paper, paper, paper)
        cairo_fill_preserve(context)
        let edge: (Double, Double, Double)
        switch look.kind {
        case .program(let index):
            let colour = Self.programColours[index % Self.programColours.count]
            edge = (colour.red, colour.green, colour.blue)
            cairo_set_source_rgba(context, colour.red, colour.green, colour.blue, colour.tint)
            cairo_fill_preserve(context)
        case .appointment:
            // A plain background, a dotted accent outline: an appointment, not a class.
            edge = dark ? Self.accentDark : Self.accentLight
            cairo_set_source_rgba(context, edge.0, edge.1, edge.2, 0.08)
            cairo_fill(context)
            roundedRectangle((rect.x + 0.5, rect.y + 0.5, rect.width - 1, rect.height - 1), radius: 5.5)
            cairo_set_source_rgba(context, edge.0, edge.1, edge.2, 0.6)
            cairo_set_line_width(context, 1)
            var dots: [Double] = [1, 2]
            cairo_set_dash(context, &dots, 2, 0)
            cairo_stroke(context)
            cairo_set_dash(context, nil, 0, 0)
            roundedRectangle(rect, radius: 6)
        }
        // The edge's colour as a bar down the left side, inside the rounded corners.
        cairo_save(context)
        cairo_clip(context)
        cairo_set_source_rgb(context, edge.0, edge.1, edge.2)
        cairo_rectangle(context, rect.x, rect.y, 4, rect.height)
        cairo_fill(context)
        cairo_restore(context)
        if look.isSubstitute {
            let warning: (Double, Double, Double) = dark ? Self.warningDark : Self.warningLight
            roundedRectangle((rect.x + 1, rect.y + 1, rect.width - 2, rect.height - 2), radius: 5)
            cairo_set_source_rgb(context, warning.0, warning.1, warning.2)
            cairo_set_line_width(context, 2)
            var dashes: [Double] = [4, 3]
            cairo_set_dash(context, &dashes, 2, 0)
            cairo_stroke(context)
            cairo_set_dash(context, nil, 0, 0)
        }
        let fitting = max(1, Int((rect.height - 4) / lineHeight))
        pango_layout_set_attributes(layout, look.isCancelled ? struck : nil)
        pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        cairo_set_source_rgba(context, ink.0, ink.1, ink.2, inkAlpha)
        let first = look.kind == .appointment ? italicBold : bold
        for (index, line) in look.lines.prefix(fitting).enumerated() {
            pango_layout_set_font_description(layout, index == 0 ? first : regular)
            show(line, x: rect.x + 8, y: rect.y + 2 + Double(index) * lineHeight, width: rect.width - 12)
        }
        pango_layout_set_attributes(layout, nil)
        if faded {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, look.isRemoved ? 0.35 : 0.6)
        }
    }

    private func show(_ text: String, x: Double, y: Double, width: Double) {
        pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
        pango_layout_set_text(layout, text, -1)
        cairo_move_to(context, x, y)
        pango_cairo_show_layout(context, layout)
    }

    private func roundedRectangle(_ rect: (x: Double, y: Double, width: Double, height: Double), radius: Double) {
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
