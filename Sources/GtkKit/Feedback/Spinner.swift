import CGtk

/// GtkSpinner: "working on it" for waits of unknown length. Spins only while `isSpinning`,
/// so a hidden or stopped spinner costs no frames.
@MainActor
public final class Spinner: Widget {
    override public class var gType: GType { gtk_spinner_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_spinner_new()))
    }

    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(opaque) != 0 }
        set { gtk_spinner_set_spinning(opaque, newValue ? 1 : 0) }
    }

    /// Shows and spins, or stops and hides.
    public func setActive(_ active: Bool) {
        isSpinning = active
        isVisible = active
    }
}
