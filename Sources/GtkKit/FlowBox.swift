import CGtk

/// A GtkFlowBox used as a row of controls that wraps onto more lines when the space is
/// narrower than the row (buttons whose labels grow in translation): nothing is selectable, and
/// each child keeps its natural width.
@MainActor
public final class FlowBox: Widget {
    override public class var gType: GType { gtk_flow_box_get_type() }

    public convenience init(spacing: Int = 8) {
        self.init(owning: UnsafeMutableRawPointer(gtk_flow_box_new()))
        gtk_flow_box_set_selection_mode(opaque, GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(opaque, 0)
        gtk_flow_box_set_column_spacing(opaque, guint(spacing))
        gtk_flow_box_set_row_spacing(opaque, guint(spacing))
        // As many on a line as fit; the row wraps only when they do not.
        gtk_flow_box_set_max_children_per_line(opaque, 32)
    }

    /// Takes every child out (to fill it again).
    public func removeAll() {
        while let first = gtk_widget_get_first_child(widget) {
            gtk_flow_box_remove(opaque, first)
        }
    }

    /// Adds `child` at the end. Its wrapper takes no focus of its own: the control does.
    public func append(_ child: Widget) {
        gtk_flow_box_insert(opaque, child.widget, -1)
        if let wrapper = gtk_widget_get_parent(child.widget) {
            gtk_widget_set_focusable(wrapper, 0)
        }
    }
}
