import CPangoCairo

/// A sheet of paper in PostScript points (1/72 inch), as Cairo draws on it.
public struct PaperSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let a4 = PaperSize(millimetresWide: 210, high: 297)
    public static let letter = PaperSize(width: 612, height: 792)

    public init(millimetresWide width: Double, high height: Double) {
        self.init(width: width / 25.4 * 72, height: height / 25.4 * 72)
    }

    /// The paper of the person's locale (LC_PAPER); A4 when the locale does not say.
    public static var ofLocale: PaperSize {
        var width: Int32 = 0, height: Int32 = 0
        steward_locale_paper_mm(&width, &height)
        guard width > 50, height > 50 else { return .a4 }
        return PaperSize(millimetresWide: Double(width), high: Double(height))
    }
}
