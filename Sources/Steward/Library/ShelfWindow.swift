import Foundation
import GtkKit
import StewardCore
import Translation

/// "Hall bookcase, 8 rows × 12 columns": the shelf as a grid, row 1 at the top and column 1
/// at the left as staff count them, each cell listing the books placed there. A book moves by
/// changing its shelf, row and column in its editor, which keeps the move in its history.
@MainActor
final class ShelfWindow {
    /// Titles shown in one cell; the rest are counted.
    static let titlesPerCell = 4

    private let ui: Builder
    private let window: Window
    var onClosed: (() -> Void)?

    init(parent: Window, layout: ShelfLayout) {
        ui = Builder(resource: ResourceBundle.path("Library/shelf-window.ui"))
        window = ui.object("shelf_window")
        window.setTransientFor(parent)
        window.title = layout.name
        let title: WindowTitle = ui.object("shelf_title")
        title.title = layout.name
        title.subtitle = tr("{rows} rows × {columns} columns, {books}",
                            ["rows": String(layout.rows), "columns": String(layout.columns),
                             "books": trn("{count} book", "{count} books", layout.bookCount)])
        window.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
        let actions = ActionGroup()
        actions.addAction("close") { [weak self] in self?.window.close() }
        window.insertActionGroup(actions, prefix: "shelf")
        let keys = ShortcutController(scope: .managed)
        keys.add(trigger: "Escape", action: "shelf.close")
        window.addController(keys)

        let grid: Grid = ui.object("shelf_grid")
        for column in 1...layout.columns {
            let heading = Label(String(column))
            heading.addCSSClass("dim-label")
            heading.setAccessibleLabel(tr("Column {column}", ["column": String(column)]))
            grid.attach(heading, column: column, row: 0)
        }
        for row in 1...layout.rows {
            let heading = Label(String(row))
            heading.addCSSClass("dim-label")
            heading.setAccessibleLabel(tr("Row {row}", ["row": String(row)]))
            grid.attach(heading, column: 0, row: row)
            for column in 1...layout.columns {
                grid.attach(cell(layout.cells[row - 1][column - 1], row: row, column: column), column: column, row: row)
            }
        }
        let unplaced: Label = ui.object("unplaced_label")
        unplaced.text = layout.unplaced.isEmpty ? ""
            : trn("On this shelf with no row and column yet ({count}): {titles}",
                  "On this shelf with no row and column yet ({count}): {titles}", layout.unplaced.count,
                  ["titles": layout.unplaced.map(\.title).joined(separator: ", ")])
        unplaced.isVisible = !layout.unplaced.isEmpty
    }

    func present() { window.present() }

    private func cell(_ books: [ShelfLayout.Book], row: Int, column: Int) -> Widget {
        let shown = books.prefix(Self.titlesPerCell).map(\.title)
        var lines = shown
        if books.count > shown.count { lines.append(trn("+{count} more", "+{count} more", books.count - shown.count)) }
        let label = Label(lines.joined(separator: "\n"))
        label.xalign = 0
        label.wraps = true
        label.addCSSClass("caption")
        label.addCSSClass("shelf-cell")
        label.setSizeRequest(width: 80, height: 56)
        let place = tr("Row {row}, column {column}", ["row": String(row), "column": String(column)])
        label.setAccessibleLabel(books.isEmpty ? tr("{place}: empty", ["place": place])
                                               : tr("{place}: {titles}", ["place": place, "titles": books.map(\.title).joined(separator: ", ")]))
        label.tooltip = books.map(\.title).joined(separator: "\n")
        return label
    }
}
