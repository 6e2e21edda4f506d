import CPangoCairo
import Foundation
import StewardCore
import Translation

/// A survey result as a horizontal bar chart, drawn with Cairo and Pango: one row per option
/// (or yes and no, or scale step), its label, a bar as long as its share of those who answered,
/// and the count and percentage after it. The window draws it in a drawing area; the same code
/// writes a PNG (tests, exports).
public struct SurveyChart: Sendable {
    public struct Bar: Hashable, Sendable {
        public var label: String
        public var count: Int
        public var percent: Double
    }

    public let bars: [Bar]
    public static let rowHeight: Double = 34
    public static let padding: Double = 12

    public init(_ result: SurveyResult) {
        bars = result.counts.map { Bar(label: SurveyResult.label($0.value, kind: result.version.kind), count: $0.count, percent: $0.percent) }
    }

    /// The height the chart needs to show every bar.
    public var height: Double { Double(bars.count) * Self.rowHeight + 2 * Self.padding }

    /// Draws on `context` (a `cairo_t *`) within `width` × `height`; `dark` for a dark style.
    public func draw(on context: OpaquePointer, width: Double, height: Double, dark: Bool = false) {
        let text: (Double, Double, Double) = dark ? (0.95, 0.95, 0.95) : (0.13, 0.13, 0.13)
        let labelWidth = min(240, width * 0.35)
        let figureWidth: Double = 110
        let barLeft = Self.padding + labelWidth + 10
        let barSpace = max(20, width - barLeft - figureWidth - Self.padding)
        for (index, bar) in bars.enumerated() {
            let top = Self.padding + Double(index) * Self.rowHeight
            let middle = top + Self.rowHeight / 2
            // The track, then the bar (GNOME blue), so an empty option still shows its place.
            cairo_set_source_rgba(context, text.0, text.1, text.2, 0.08)
            cairo_rectangle(context, barLeft, top + 7, barSpace, Self.rowHeight - 14)
            cairo_fill(context)
            cairo_set_source_rgb(context, 0.21, 0.52, 0.89)
            cairo_rectangle(context, barLeft, top + 7, barSpace * min(1, bar.percent / 100), Self.rowHeight - 14)
            cairo_fill(context)
            cairo_set_source_rgb(context, text.0, text.1, text.2)
            Self.text(bar.label, on: context, x: Self.padding, centreY: middle, width: labelWidth, alignRight: true)
            let figure = String(format: "%d  (%.0f%%)", bar.count, bar.percent)
            Self.text(figure, on: context, x: barLeft + barSpace + 8, centreY: middle, width: figureWidth - 8, alignRight: false)
        }
    }

    /// One line of text, ellipsized to `width`, centred on `centreY`.
    private static func text(_ string: String, on context: OpaquePointer, x: Double, centreY: Double, width: Double, alignRight: Bool) {
        let layout = pango_cairo_create_layout(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string("Cantarell, Sans 10")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(layout, alignRight ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        pango_layout_set_text(layout, string, -1)
        var inkWidth: Int32 = 0, inkHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &inkWidth, &inkHeight)
        cairo_move_to(context, x, centreY - Double(inkHeight) / 2)
        pango_cairo_show_layout(context, layout)
    }

    /// Writes the chart as a PNG of `width` pixels (its own height), on white.
    public func writePNG(to path: String, width: Int = 640) throws {
        let height = Int(self.height.rounded(.up))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(max(1, height)))
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        draw(on: context, width: Double(width), height: Double(height))
        cairo_destroy(context)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PDFExportError(description: tr("cannot write {path}: {problem}",
                                                 ["path": path, "problem": String(cString: cairo_status_to_string(status))]))
        }
    }
}
