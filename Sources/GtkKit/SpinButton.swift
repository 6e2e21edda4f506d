import CGtk

/// GtkSpinButton: a number field with +/- buttons.
@MainActor
public final class SpinButton: Widget {
    override public class var gType: GType { gtk_spin_button_get_type() }

    public convenience init(min: Double, max: Double, step: Double = 1) {
        self.init(owning: UnsafeMutableRawPointer(gtk_spin_button_new_with_range(min, max, step)))
    }

    public var value: Double {
        get { gtk_spin_button_get_value(opaque) }
        set { gtk_spin_button_set_value(opaque, newValue) }
    }

    public var intValue: Int {
        get { Int(gtk_spin_button_get_value_as_int(opaque)) }
        set { gtk_spin_button_set_value(opaque, Double(newValue)) }
    }

    /// Takes the text being typed as the value. GTK does so when the field loses focus or
    /// Enter is pressed; a click on a button that takes no focus (a header bar's Save) does
    /// neither, so a reader of `value` calls this first or gets the value before the typing.
    public func commitTypedText() { gtk_spin_button_update(opaque) }

    public func setRange(min: Double, max: Double) { gtk_spin_button_set_range(opaque, min, max) }

    /// Decimal places shown (0 for integers).
    public var digits: Int {
        get { Int(gtk_spin_button_get_digits(opaque)) }
        set { gtk_spin_button_set_digits(opaque, guint(newValue)) }
    }

    /// "value-changed": after the value changed, by the user or in code.
    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor (Double) -> Void) -> SignalHandlerID {
        Signal.connect(raw, "value-changed") { sender in
            handler(gtk_spin_button_get_value(OpaquePointer(sender)))
        }
    }
}
