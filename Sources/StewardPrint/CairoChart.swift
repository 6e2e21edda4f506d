import CPangoCairo
import Foundation
import StewardCore
import Translation

/// A chart the console draws with Cairo: the window draws it in a drawing area, and the same
/// drawing writes a PNG for tests and exports, so what is checked is what staff see.
public protocol CairoChart: Sendable {
    /// The height, in pixels, the chart needs.
    var pixelHeight: Double { get }
    /// Draws on `context` (a `cairo_t *`) within `width` × `height`; `dark` for a dark style.
    func draw(on context: OpaquePointer, width: Double, height: Double, dark: Bool)
}

extension CairoChart {
    /// Writes the chart as a PNG of `width` pixels (its own height), on white.
    public func writePNG(to path: String, width: Int = 640) throws {
        let height = max(1, Int(pixelHeight.rounded(.up)))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        draw(on: context, width: Double(width), height: Double(height), dark: false)
        cairo_destroy(context)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PDFExportError(description: tr("cannot write {path}: {problem}",
                                                 ["path": path, "problem": String(cString: cairo_status_to_string(status))]))
        }
    }
}

/// One line of a chart's text (a label, a figure), in the desktop's font.
enum ChartText {
    /// Draws `string` in a box `width` wide from `x`, ellipsized and aligned within it; `top`
    /// gets the line's height and says where its top goes, so callers can centre it on a row.
    static func draw(_ string: String, on context: OpaquePointer, x: Double, width: Double, size: Int,
                     alignment: PangoAlignment, top: (_ lineHeight: Double) -> Double) {
        let layout = pango_cairo_create_layout(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string("Cantarell, Sans \(size)")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_text(layout, string, -1)
        var lineWidth: Int32 = 0, lineHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &lineWidth, &lineHeight)
        cairo_move_to(context, x, top(Double(lineHeight)))
        pango_cairo_show_layout(context, layout)
    }
}
