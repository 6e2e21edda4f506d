import CGtk

/// AdwToast: a transient message at the bottom of a `ToastOverlay`, optionally with one
/// button ("Undo") whose click runs a Swift closure.
@MainActor
public final class Toast: ObjectRef {
    override public class var gType: GType { adw_toast_get_type() }

    public convenience init(_ title: String, timeout seconds: UInt32 = 5) {
        self.init(owning: UnsafeMutableRawPointer(adw_toast_new(title)))
        adw_toast_set_timeout(opaque, guint(seconds))
    }

    public var title: String {
        get { String(cString: adw_toast_get_title(opaque)) }
        set { adw_toast_set_title(opaque, newValue) }
    }

    /// Seconds on screen; 0 keeps it until dismissed.
    public var timeout: UInt32 {
        get { UInt32(adw_toast_get_timeout(opaque)) }
        set { adw_toast_set_timeout(opaque, guint(newValue)) }
    }

    /// High priority replaces the toast on screen instead of queueing behind it.
    public var isHighPriority: Bool {
        get { adw_toast_get_priority(opaque) == ADW_TOAST_PRIORITY_HIGH }
        set { adw_toast_set_priority(opaque, newValue ? ADW_TOAST_PRIORITY_HIGH : ADW_TOAST_PRIORITY_NORMAL) }
    }

    /// Adds a button labelled `label` that runs `handler` and dismisses the toast.
    @discardableResult
    public func setButton(_ label: String, _ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        adw_toast_set_button_label(opaque, label)
        return on("button-clicked", handler)
    }

    /// "dismissed": the toast left the screen (timeout, close, button or `dismiss()`).
    @discardableResult
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("dismissed", handler)
    }

    public func dismiss() { adw_toast_dismiss(opaque) }
}

/// AdwToastOverlay: wraps the window content so toasts can be shown over it.
@MainActor
public final class ToastOverlay: Widget {
    override public class var gType: GType { adw_toast_overlay_get_type() }

    public convenience init(child: Widget? = nil) {
        self.init(owning: UnsafeMutableRawPointer(adw_toast_overlay_new()))
        if let child { setChild(child) }
    }

    public func setChild(_ child: Widget?) { adw_toast_overlay_set_child(opaque, child?.widget) }

    public func add(_ toast: Toast) {
        // adw_toast_overlay_add_toast takes ownership of a reference; give it one of its own so
        // the Swift wrapper's reference stays balanced.
        g_object_ref(toast.raw)
        adw_toast_overlay_add_toast(opaque, toast.opaque)
    }

    /// Shows a toast; with `button` (e.g. "Undo") the closure runs when it is clicked.
    @discardableResult
    public func showToast(_ title: String, timeout: UInt32 = 5, button: String? = nil,
                          action: (@MainActor () -> Void)? = nil) -> Toast {
        let toast = Toast(title, timeout: timeout)
        if let button, let action { toast.setButton(button, action) }
        add(toast)
        return toast
    }
}
