import CPangoCairo
import Foundation
import StewardCore
import Translation

/// The passport's stamps month by month as a column chart, drawn with Cairo and Pango: one
/// column per month (months without stamps stay, at zero, so the time axis is even), the
/// month's short name under it and its stamps above it, check-ins as the darker part of the
/// column. The window draws it in a drawing area; the same code writes a PNG (tests).
public struct StampsOverTimeChart: Sendable {
    public struct Column: Hashable, Sendable {
        /// "Mar" (with the year under January and the first month: "Jan 2026").
        public var label: String
        public var stamps: Int
        public var checkIns: Int
    }

    public let columns: [Column]
    public static let height: Double = 220
    static let padding: Double = 12
    static let labelHeight: Double = 34
    static let figureHeight: Double = 18

    public init(_ months: [PassportInsights.Month], zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        columns = months.enumerated().map { index, month in
            let isJanuary = calendar.component(.month, from: month.start) == 1
            let pattern = index == 0 || isJanuary ? "MMM yyyy" : "MMM"
            return Column(label: DatePatternText.format(month.start, pattern, zone: zone), stamps: month.stamps,
                          checkIns: month.checkIns)
        }
    }

    /// The most stamps in one month (at least 1, so an empty chart still has a scale).
    public var peak: Int { max(1, columns.map(\.stamps).max() ?? 0) }

    /// Draws on `context` (a `cairo_t *`) within `width` × `height`; `dark` for a dark style.
    public func draw(on context: OpaquePointer, width: Double, height: Double, dark: Bool = false) {
        guard !columns.isEmpty else { return }
        let text: (Double, Double, Double) = dark ? (0.95, 0.95, 0.95) : (0.13, 0.13, 0.13)
        let plotTop = Self.padding + Self.figureHeight
        let plotBottom = height - Self.padding - Self.labelHeight
        let plotHeight = max(10, plotBottom - plotTop)
        let slot = (width - 2 * Self.padding) / Double(columns.count)
        let barWidth = max(4, min(48, slot * 0.7))
        // The base line.
        cairo_set_source_rgba(context, text.0, text.1, text.2, 0.25)
        cairo_rectangle(context, Self.padding, plotBottom, width - 2 * Self.padding, 1)
        cairo_fill(context)
        for (index, column) in columns.enumerated() {
            let centre = Self.padding + slot * (Double(index) + 0.5)
            let left = centre - barWidth / 2
            let full = plotHeight * Double(max(0, column.stamps)) / Double(peak)
            let checkedIn = plotHeight * Double(max(0, min(column.checkIns, column.stamps))) / Double(peak)
            // Stamps staff granted (light), under them the check-ins (GNOME blue).
            cairo_set_source_rgb(context, 0.60, 0.76, 0.95)
            cairo_rectangle(context, left, plotBottom - full, barWidth, full - checkedIn)
            cairo_fill(context)
            cairo_set_source_rgb(context, 0.21, 0.52, 0.89)
            cairo_rectangle(context, left, plotBottom - checkedIn, barWidth, checkedIn)
            cairo_fill(context)
            cairo_set_source_rgb(context, text.0, text.1, text.2)
            Self.text(String(column.stamps), on: context, centreX: centre, top: plotBottom - full - Self.figureHeight,
                      width: slot, size: 9)
            Self.text(column.label, on: context, centreX: centre, top: plotBottom + 4, width: slot, size: 9)
        }
    }

    /// One line of text, centred on `centreX`, ellipsized to `width`.
    private static func text(_ string: String, on context: OpaquePointer, centreX: Double, top: Double, width: Double, size: Int) {
        let layout = pango_cairo_create_layout(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string("Cantarell, Sans \(size)")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        pango_layout_set_text(layout, string, -1)
        cairo_move_to(context, centreX - width / 2, top)
        pango_cairo_show_layout(context, layout)
    }

    /// Writes the chart as a PNG of `width` pixels, on white.
    public func writePNG(to path: String, width: Int = 640) throws {
        let height = Int(Self.height)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
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
