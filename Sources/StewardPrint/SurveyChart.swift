import CPangoCairo
import Foundation
import StewardCore
import Translation

/// A survey result as a horizontal bar chart, drawn with Cairo and Pango: one row per option
/// (or yes and no, or scale step), its label, a bar as long as its share of those who answered,
/// and the count and percentage after it. The window draws it in a drawing area; the same code
/// writes a PNG (tests, exports).
public struct SurveyChart: CairoChart {
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
    public var pixelHeight: Double { Double(bars.count) * Self.rowHeight + 2 * Self.padding }

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
            ChartText.draw(bar.label, on: context, x: Self.padding, width: labelWidth, size: 10, alignment: PANGO_ALIGN_RIGHT) { middle - $0 / 2 }
            let figure = String(format: "%d  (%.0f%%)", bar.count, bar.percent)
            ChartText.draw(figure, on: context, x: barLeft + barSpace + 8, width: figureWidth - 8, size: 10, alignment: PANGO_ALIGN_LEFT) { middle - $0 / 2 }
        }
    }
}
