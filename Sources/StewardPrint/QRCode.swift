import CPangoCairo
import CQRencode

/// A QR code's modules, made by libqrencode (error correction M: a projector photographed at
/// an angle, or a creased poster, still scans), and drawn with Cairo: the same code for the
/// window's check-in screen and the printed poster.
public struct QRCode: Sendable {
    /// Modules per side.
    public let size: Int
    /// Row by row, true for a dark module.
    public let modules: [Bool]

    /// nil when the text is too long for any QR code.
    public init?(_ text: String) {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }

    /// Draws the code, its quiet zone (4 modules of white all round) included, as a square of
    /// `side` points with its top-left corner at (`x`, `y`). Modules are whole device pixels
    /// when `side` allows, so a projector shows crisp edges.
    public func draw(on context: OpaquePointer, x: Double, y: Double, side: Double) {
        let total = Double(size + 8)
        var module = side / total
        if module >= 2 { module = module.rounded(.down) }
        let drawn = module * total
        let left = (x + (side - drawn) / 2).rounded(.down), top = (y + (side - drawn) / 2).rounded(.down)
        cairo_save(context)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_rectangle(context, left, top, drawn, drawn)
        cairo_fill(context)
        cairo_set_source_rgb(context, 0, 0, 0)
        for row in 0..<size {
            for column in 0..<size where isDark(row: row, column: column) {
                cairo_rectangle(context, left + Double(column + 4) * module, top + Double(row + 4) * module, module, module)
            }
        }
        cairo_fill(context)
        cairo_restore(context)
    }
}
