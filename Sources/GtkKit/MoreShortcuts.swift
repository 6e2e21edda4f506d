import CGtk

// Keyboard shortcuts scoped to a widget, for keys that must not be taken from text fields:
// application accelerators run in the capture phase for the whole window, so "Delete" set
// with `Application.setAccels` would stop working in every entry. A shortcut controller on a
// list only sees keys pressed while focus is inside that list.

/// GtkShortcutController holding shortcuts that activate named actions ("win.delete").
@MainActor
public final class ShortcutController: ObjectRef {
    override public class var gType: GType { gtk_shortcut_controller_get_type() }

    public enum Scope: Sendable {
        /// Keys pressed while focus is inside the widget the controller is attached to.
        case local
        /// Keys pressed anywhere in the widget's window (the editor's Escape and Ctrl+S).
        case managed

        var gtk: GtkShortcutScope {
            switch self {
            case .local: GTK_SHORTCUT_SCOPE_LOCAL
            case .managed: GTK_SHORTCUT_SCOPE_MANAGED
            }
        }
    }

    public convenience init(scope: Scope = .local) {
        self.init(owning: UnsafeMutableRawPointer(gtk_shortcut_controller_new()))
        gtk_shortcut_controller_set_scope(opaque, scope.gtk)
    }

    /// Capture runs before the widget's descendants (and other capture controllers added
    /// later) see the key; bubble, the default, after them.
    public var runsInCapturePhase: Bool {
        get { gtk_event_controller_get_propagation_phase(opaque) == GTK_PHASE_CAPTURE }
        set { gtk_event_controller_set_propagation_phase(opaque, newValue ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE) }
    }

    /// Adds a shortcut: `trigger` in `gtk_accelerator_parse` syntax ("Delete", "<Control>z",
    /// "Escape"); `action` a detailed action name resolved from the attached widget upwards.
    public func add(trigger: String, action: String) {
        guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else {
            preconditionFailure("ShortcutController: cannot parse trigger \"\(trigger)\"")
        }
        // gtk_shortcut_new and add_shortcut take ownership of what they are given.
        let shortcut = gtk_shortcut_new(parsed, gtk_named_action_new(action))
        gtk_shortcut_controller_add_shortcut(opaque, shortcut)
    }
}

extension ShortcutController {
    /// Adds a shortcut that runs `handler`, which returns whether it handled the key: when it
    /// did not, the key goes on as if there were no shortcut (Ctrl+V pastes text into an entry
    /// when the clipboard holds no files).
    public func add(trigger: String, handler: @escaping @MainActor () -> Bool) {
        guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else {
            preconditionFailure("ShortcutController: cannot parse trigger \"\(trigger)\"")
        }
        let box = Unmanaged.passRetained(ShortcutBox(handler)).toOpaque()
        let action = gtk_callback_action_new(shortcutThunk, box, releaseShortcutBox)
        gtk_shortcut_controller_add_shortcut(opaque, gtk_shortcut_new(parsed, action))
    }
}

private final class ShortcutBox {
    let handler: @MainActor () -> Bool
    init(_ handler: @escaping @MainActor () -> Bool) { self.handler = handler }
}

private let releaseShortcutBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<ShortcutBox>.fromOpaque(data).release()
}

// GtkShortcutFunc: gboolean (GtkWidget *widget, GVariant *args, gpointer data).
private let shortcutThunk: GtkShortcutFunc = { _, _, data in
    let handler = Unmanaged<ShortcutBox>.fromOpaque(data!).takeUnretainedValue().handler
    return MainActor.assumeIsolated { handler() } ? 1 : 0
}

extension Widget {
    /// Attaches an event controller (shortcuts, gestures); the widget keeps it alive.
    public func addController(_ controller: ObjectRef) {
        // gtk_widget_add_controller takes ownership of one reference; give it its own.
        g_object_ref(controller.raw)
        gtk_widget_add_controller(widget, OpaquePointer(controller.raw))
    }
}
