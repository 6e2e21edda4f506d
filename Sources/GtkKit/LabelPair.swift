import CGtk

/// Two lines in one cell: a value and, under it, a dimmer detail that belongs with it (an
/// entry's member and the event, its stamps and how they were given). A table that pairs its
/// values this way needs fewer columns, so each keeps room for its text beside the sidebar.
/// Both lines shorten with "…" and then show in full on hover, as a label column's do.
@MainActor
public final class LabelPair: Widget {
    override public class var gType: GType { gtk_box_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)))
        let title = Label()
        let detail = Label()
        detail.addCSSClass("dim-label")
        detail.addCSSClass("caption")
        for line in [title, detail] {
            line.xalign = 0
            line.ellipsize = PANGO_ELLIPSIZE_END
            gtk_box_append(ptr(), line.widget)
        }
    }

    /// The first line.
    public var title: Label { line(0) }
    /// The second, dimmer line; hidden while it is empty, so a row without one stays centred.
    public var detail: Label { line(1) }

    /// Sets both lines.
    public func show(_ title: String, detail: String) {
        self.title.text = title
        let second = self.detail
        second.text = detail
        second.isVisible = !detail.isEmpty
    }

    private func line(_ index: Int) -> Label {
        var child = gtk_widget_get_first_child(widget)
        for _ in 0..<index { child = child.flatMap { gtk_widget_get_next_sibling($0) } }
        guard let child else { preconditionFailure("LabelPair has two lines") }
        return Label(borrowing: UnsafeMutableRawPointer(child))
    }
}
