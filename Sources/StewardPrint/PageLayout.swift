import CPangoCairo

/// Lays blocks out on pages of one size with Pango, and draws any page onto a Cairo context:
/// the same code makes the PDF file and the pages GTK's print dialog prints.
public final class PageLayout {
    public let paper: PaperSize
    public let margin: Double
    private let blocks: [PrintBlock]
    /// For each page, the blocks on it (indexes into `blocks`) and where each starts.
    private var pages: [[(block: Int, y: Double)]] = []

    public init(blocks: [PrintBlock], paper: PaperSize, margin: Double = 56) {
        self.blocks = blocks
        self.paper = paper
        self.margin = margin
        paginate()
    }

    public var pageCount: Int { max(1, pages.count) }

    /// Draws page `index` (from 0) with its top-left corner at the context's origin.
    public func draw(page index: Int, on context: OpaquePointer) {
        guard pages.indices.contains(index) else { return }
        for placed in pages[index] {
            let layout = makeLayout(context, blocks[placed.block])
            cairo_move_to(context, margin, placed.y)
            pango_cairo_show_layout(context, layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
    }

    // MARK: Pagination

    private func paginate() {
        // A scratch surface to measure text the way it will be drawn.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let context = cairo_create(surface)!
        defer {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
        var page: [(block: Int, y: Double)] = []
        var y = margin
        let bottom = paper.height - margin
        for (index, block) in blocks.enumerated() {
            let layout = makeLayout(context, block)
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_size(layout, &width, &height)
            g_object_unref(UnsafeMutableRawPointer(layout))
            let blockHeight = Double(height) / Double(PANGO_SCALE)
            let before = spaceBefore(block.style, first: page.isEmpty)
            // A heading never ends a page alone: it moves on with the text after it.
            let keepWithNext = block.style == .heading ? 40.0 : 0
            if !page.isEmpty && y + before + blockHeight + keepWithNext > bottom {
                pages.append(page)
                page = []
                y = margin
            }
            y += spaceBefore(block.style, first: page.isEmpty)
            page.append((index, y))
            y += blockHeight
        }
        if !page.isEmpty { pages.append(page) }
    }

    private func spaceBefore(_ style: PrintBlock.Style, first: Bool) -> Double {
        if first { return 0 }
        switch style {
        case .title: return 0
        case .subtitle: return 4
        case .heading: return 18
        case .body: return 6
        case .link: return 4
        }
    }

    private func makeLayout(_ context: OpaquePointer, _ block: PrintBlock) -> OpaquePointer {
        let layout = pango_cairo_create_layout(context)!
        pango_layout_set_width(layout, Int32((paper.width - 2 * margin) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        let font = pango_font_description_from_string(Self.font(for: block.style))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, block.text, -1)
        return layout
    }

    private static func font(for style: PrintBlock.Style) -> String {
        switch style {
        case .title: "Sans Bold 22"
        case .subtitle: "Sans 12"
        case .heading: "Sans Bold 14"
        case .body: "Serif 11"
        case .link: "Sans Italic 10"
        }
    }
}
