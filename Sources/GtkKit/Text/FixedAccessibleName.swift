import CGtk

extension Label {
    /// Gives the label a fixed accessible name ("Sync status") while its text changes, so a
    /// screen reader says "Sync status: All changes sent". GTK names a label by its text and
    /// renews that name with every new text; the fixed name is set again after each change.
    public func keepAccessibleName(_ name: String) {
        setAccessibleLabel(name)
        Signal.connectPointer(raw, "notify::label") { sender, _ in
            cgtk_accessible_set_label(sender, name)
        }
    }

    /// A label whose underlined letter ("_Resolve…": Alt+R) activates its button or field.
    public convenience init(mnemonic text: String) {
        self.init(owning: UnsafeMutableRawPointer(gtk_label_new_with_mnemonic(text)))
    }
}

extension Button {
    /// A text button whose accessible name says more than its text: "Resolve…" named
    /// "Resolve conflict: Harvest Supper" in a list of several. The text is a child label (its
    /// mnemonic finds the button by itself): GTK 4.8 would read a button's own label, or a
    /// label linked to it, and the name one after the other.
    public convenience init(label: String, accessibleLabel: String) {
        self.init(owning: UnsafeMutableRawPointer(gtk_button_new()))
        setChild(Label(mnemonic: label))
        setAccessibleLabel(accessibleLabel)
    }
}
