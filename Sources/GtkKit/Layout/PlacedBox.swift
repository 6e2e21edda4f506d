import CGtk

/// A container whose children the caller places itself, at pixel rectangles it computes from
/// the width and height GTK gives (a GtkBox with a GtkCustomLayout): for hundreds of children
/// whose places follow from arithmetic (a week grid's classes), where GtkGrid would measure
/// every child against every row and column on each change. GtkFixed places by fixed
/// coordinates only, so its children cannot follow the width.
@MainActor
public final class PlacedBox: Widget {
    /// The container's size along one orientation (minimum and natural alike), in pixels.
    public typealias Measure = @MainActor (_ horizontal: Bool) -> Int
    /// Places the children (`allocate`) within `width` × `height`.
    public typealias Place = @MainActor (_ box: PlacedBox, _ width: Int, _ height: Int) -> Void

    private final class Handlers {
        let measure: Measure
        let place: Place
        init(measure: @escaping Measure, place: @escaping Place) {
            self.measure = measure
            self.place = place
        }
    }

    private static let key = "steward-placed-box"

    public convenience init(measure: @escaping Measure, place: @escaping Place) {
        self.init(owning: UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)))
        AttachedData.set(Handlers(measure: measure, place: place), on: raw, key: Self.key)
        let layout = gtk_custom_layout_new(nil, { widget, orientation, _, minimum, natural, _, _ in
            guard let widget else { return }
            nonisolated(unsafe) let pointer = widget
            let size = MainActor.assumeIsolated { () -> Int in
                guard let handlers = AttachedData.get(Handlers.self, on: UnsafeMutableRawPointer(pointer), key: PlacedBox.key) else { return 0 }
                return handlers.measure(orientation == GTK_ORIENTATION_HORIZONTAL)
            }
            minimum?.pointee = Int32(size)
            natural?.pointee = Int32(size)
        }, { widget, width, height, _ in
            guard let widget else { return }
            nonisolated(unsafe) let pointer = widget
            MainActor.assumeIsolated {
                guard let handlers = AttachedData.get(Handlers.self, on: UnsafeMutableRawPointer(pointer), key: PlacedBox.key) else { return }
                handlers.place(PlacedBox(borrowing: UnsafeMutableRawPointer(pointer)), Int(width), Int(height))
            }
        })
        gtk_widget_set_layout_manager(widget, layout)
    }

    public func append(_ child: Widget) { gtk_box_append(ptr(GtkBox.self), child.widget) }

    /// Gives `child` its rectangle; call from the `place` handler. A hidden child is skipped.
    public func allocate(_ child: Widget, x: Double, y: Double, width: Double, height: Double) {
        guard gtk_widget_get_visible(child.widget) != 0 else { return }
        // GTK wants a child measured before it is allocated; the answer is cached.
        gtk_widget_measure(child.widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, nil, nil, nil)
        gtk_widget_measure(child.widget, GTK_ORIENTATION_VERTICAL, -1, nil, nil, nil, nil)
        var rect = GtkAllocation(x: Int32(x.rounded()), y: Int32(y.rounded()),
                                 width: Int32(max(0, width.rounded())), height: Int32(max(0, height.rounded())))
        gtk_widget_size_allocate(child.widget, &rect, -1)
    }

    /// The size changed (a new week): measure and place again.
    public func remeasure() { gtk_widget_queue_resize(widget) }
}
