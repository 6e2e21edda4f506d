import CPangoCairo
import Foundation
import StewardCore
import Translation

/// The check-in poster staff print for an event: its title, when it is, the stamps it gives,
/// and a large QR code of the event's check-in link (`CheckInLink`, without a code: a code on
/// paper would be stale in minutes). For an event at set times the poster says to type the
/// code shown on the screen; for an ongoing one, that the phone's position is checked.
public struct CheckInPoster {
    public let title: String
    public let when: String
    public let stamps: Int
    public let ongoing: Bool
    public let qr: QRCode?

    public init(title: String, when: String, stamps: Int, ongoing: Bool, link: String) {
        self.title = title
        self.when = when
        self.stamps = stamps
        self.ongoing = ongoing
        qr = QRCode(link)
    }

    /// The lines under the title, in order.
    public var lines: [String] {
        [when,
         trn("Check in for {count} passport stamp", "Check in for {count} passport stamps", stamps),
         tr("Scan the code with the community app."),
         ongoing ? tr("Your phone’s position is checked: check in while you are here.")
             : tr("Then type the code shown on the screen at the event.")].filter { !$0.isEmpty }
    }

    /// Draws the poster on a page `width` by `height` points, its top-left at the origin.
    public func draw(on context: OpaquePointer, width: Double, height: Double) {
        let margin = min(width, height) * 0.06
        var y = margin
        y += text(title, font: "Sans Bold 34", on: context, x: margin, y: y, width: width - 2 * margin) + 12
        for line in lines {
            y += text(line, font: "Sans 16", on: context, x: margin, y: y, width: width - 2 * margin) + 6
        }
        let side = min(width - 2 * margin, height - y - margin)
        if let qr, side > 40 {
            qr.draw(on: context, x: (width - side) / 2, y: y + 12, side: side - 12)
        }
    }

    /// Draws `string` centred in `width`; answers its height.
    private func text(_ string: String, font: String, on context: OpaquePointer, x: Double, y: Double, width: Double) -> Double {
        let layout = pango_cairo_create_layout(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, string, -1)
        cairo_set_source_rgb(context, 0, 0, 0)
        cairo_move_to(context, x, y)
        pango_cairo_show_layout(context, layout)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        return Double(h) / Double(PANGO_SCALE)
    }
}
