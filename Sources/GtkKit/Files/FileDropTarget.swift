import CGtk

/// Accepts files dropped on a widget (from Files, or any program offering a file list), as a
/// copy: the dropped files are read, never moved. `onDrop` gets the local paths; answering
/// false tells the source the drop was not taken.
@MainActor
public final class FileDropTarget: ObjectRef {
    override public class var gType: GType { gtk_drop_target_get_type() }

    /// The local paths dropped; return whether they were taken.
    public var onDrop: ((_ paths: [String]) -> Bool)?
    /// Called instead of `onDrop` when nothing dropped is a file on this computer, with the
    /// addresses of what was (a picture dragged from a web browser comes as its https://
    /// address); return whether they were taken. Unset: such a drop is refused.
    public var onDropElsewhere: ((_ addresses: [String]) -> Bool)?
    /// The pointer carrying files entered (true) or left (false) the widget: for a highlight.
    public var onHover: ((_ inside: Bool) -> Void)?

    /// Makes a drop target and adds it to `widget`, which keeps it.
    public convenience init(on widget: Widget) {
        self.init(owning: UnsafeMutableRawPointer(gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)))
        Signal.connectPointerPointBool(raw, "drop") { [weak self] _, value, _, _ in
            self?.onHover?(false)
            guard let self, let value else { return false }
            let paths = FileList.paths(ofValue: UnsafeRawPointer(value))
            if !paths.isEmpty { return self.onDrop?(paths) ?? false }
            let addresses = FileList.addressesElsewhere(ofValue: UnsafeRawPointer(value))
            guard !addresses.isEmpty, let onDropElsewhere = self.onDropElsewhere else { return false }
            return onDropElsewhere(addresses)
        }
        Signal.connect(raw, "leave") { [weak self] _ in self?.onHover?(false) }
        // While files are over the widget the target has a current drop: the highlight follows it.
        onNotify("current-drop") { [weak self] in
            guard let self else { return }
            self.onHover?(gtk_drop_target_get_current_drop(self.opaque) != nil)
        }
        widget.addController(self)
    }
}
