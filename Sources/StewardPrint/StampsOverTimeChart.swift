import CPangoCairo
import Foundation
import StewardCore
import Translation

/// The passport's stamps month by month as a column chart, drawn with Cairo and Pango: one
/// column per month (months without stamps stay, at zero, so the time axis is even), the
/// month's short name under it and its stamps above it, check-ins as the darker part of the
/// column. The window draws it in a drawing area; the same code writes a PNG (tests).
public struct StampsOverTimeChart: CairoChart {
    public struct Column: Hashable, Sendable {
        /// "Mar" (with the year under January and the first month: "Jan 2026").
        public var label: String
        public var stamps: Int
        public var checkIns: Int
    }

    public let columns: [Column]
    public static let height: Double = 220
    public var pixelHeight: Double { Self.height }
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
            ChartText.draw(String(column.stamps), on: context, x: centre - slot / 2, width: slot, size: 9,
                           alignment: PANGO_ALIGN_CENTER) { _ in plotBottom - full - Self.figureHeight }
            ChartText.draw(column.label, on: context, x: centre - slot / 2, width: slot, size: 9, alignment: PANGO_ALIGN_CENTER) { _ in plotBottom + 4 }
        }
    }
}
