import CGtk

/// GtkGrid: children in rows and columns (forms, side-by-side comparisons).
@MainActor
public final class Grid: Widget {
    override public class var gType: GType { gtk_grid_get_type() }

    public convenience init(rowSpacing: Int = 0, columnSpacing: Int = 0) {
        self.init(owning: UnsafeMutableRawPointer(gtk_grid_new()))
        gtk_grid_set_row_spacing(ptr(), guint(rowSpacing))
        gtk_grid_set_column_spacing(ptr(), guint(columnSpacing))
    }

    /// Places `child` with its top-left cell at (`column`, `row`), spanning `width` columns and
    /// `height` rows.
    public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
        gtk_grid_attach(ptr(), child.widget, gint(column), gint(row), gint(width), gint(height))
    }

    public func remove(_ child: Widget) { gtk_grid_remove(ptr(), child.widget) }

    /// The child whose top-left cell is (`column`, `row`), if any.
    public func child(column: Int, row: Int) -> Widget? {
        gtk_grid_get_child_at(ptr(), gint(column), gint(row)).map { Widget(borrowing: UnsafeMutableRawPointer($0)) }
    }

    /// Removes every child whose row is `fromRow` or below (keeps a header row, say).
    public func removeRows(from fromRow: Int) {
        for child in children {
            var column: gint = 0, row: gint = 0, width: gint = 0, height: gint = 0
            gtk_grid_query_child(ptr(), child.widget, &column, &row, &width, &height)
            if row >= fromRow { remove(child) }
        }
    }
}

extension ListBox {
    /// A widget shown in place of the rows while the list has none ("No conflicts").
    public func setPlaceholder(_ widget: Widget?) {
        gtk_list_box_set_placeholder(opaque, widget?.widget)
    }
}
