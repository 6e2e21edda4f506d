import CGtk

// libadwaita and GTK widgets the base layer does not wrap yet: the leaflet (sidebar + content
// that folds on narrow windows), window titles, toggle buttons, the about window, and the
// shortcuts window of an application window.

/// AdwLeaflet: shows its children side by side, or one at a time when the window is narrow
/// ("folded"), with back/forward navigation between them.
@MainActor
public final class Leaflet: Widget {
    override public class var gType: GType { adw_leaflet_get_type() }

    /// True when only one child fits and the leaflet shows one page at a time.
    public var isFolded: Bool { adw_leaflet_get_folded(opaque) != 0 }

    /// The child shown when folded (and the one navigation moves from).
    public var visibleChild: Widget? {
        get { adw_leaflet_get_visible_child(opaque).map { Widget(borrowing: UnsafeMutableRawPointer($0)) } }
        set { if let newValue { adw_leaflet_set_visible_child(opaque, newValue.widget) } }
    }

    /// Moves to the previous or next navigatable child; false if there is none.
    @discardableResult
    public func navigate(back: Bool) -> Bool {
        adw_leaflet_navigate(opaque, back ? ADW_NAVIGATION_DIRECTION_BACK : ADW_NAVIGATION_DIRECTION_FORWARD) != 0
    }

    /// Runs with the new state whenever the leaflet folds or unfolds.
    @discardableResult
    public func onFoldedChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "notify::folded") { sender, _ in
            handler(adw_leaflet_get_folded(OpaquePointer(sender)) != 0)
        }
    }
}

/// AdwWindowTitle: a header bar's centred title with an optional subtitle.
@MainActor
public final class WindowTitle: Widget {
    override public class var gType: GType { adw_window_title_get_type() }

    public convenience init(title: String, subtitle: String = "") {
        self.init(owning: UnsafeMutableRawPointer(adw_window_title_new(title, subtitle)))
    }

    public var title: String {
        get { String(cString: adw_window_title_get_title(opaque)) }
        set { adw_window_title_set_title(opaque, newValue) }
    }

    /// Empty hides the subtitle line.
    public var subtitle: String {
        get { String(cString: adw_window_title_get_subtitle(opaque)) }
        set { adw_window_title_set_subtitle(opaque, newValue) }
    }
}

/// GtkToggleButton: a button that stays pressed; grouped ones behave like radio buttons
/// (linked segmented controls).
@MainActor
public final class ToggleButton: Button {
    override public class var gType: GType { gtk_toggle_button_get_type() }

    public var toggleButton: UnsafeMutablePointer<GtkToggleButton> { ptr() }

    public convenience init(label: String) {
        self.init(owning: UnsafeMutableRawPointer(gtk_toggle_button_new_with_label(label)))
    }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(toggleButton) != 0 }
        set { gtk_toggle_button_set_active(toggleButton, newValue ? 1 : 0) }
    }

    /// Joins `other`'s group: activating one deactivates the rest.
    public func setGroup(_ other: ToggleButton?) {
        gtk_toggle_button_set_group(toggleButton, other?.toggleButton)
    }

    /// "toggled": after `isActive` changed (grouped buttons report both the old and the new one).
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalHandlerID {
        Signal.connect(raw, "toggled") { sender in
            handler(gtk_toggle_button_get_active(sender.assumingMemoryBound(to: GtkToggleButton.self)) != 0)
        }
    }
}

/// AdwAboutWindow: the standard "About" window.
@MainActor
public final class AboutWindow: Window {
    override public class var gType: GType { adw_about_window_get_type() }

    /// The common licenses, so callers need not spell GTK's C enum.
    public enum License: Sendable {
        case unknown, gpl3OrLater, gpl3Only, lgpl3OrLater, mit, apache2

        var gtk: GtkLicense {
            switch self {
            case .unknown: GTK_LICENSE_UNKNOWN
            case .gpl3OrLater: GTK_LICENSE_GPL_3_0
            case .gpl3Only: GTK_LICENSE_GPL_3_0_ONLY
            case .lgpl3OrLater: GTK_LICENSE_LGPL_3_0
            case .mit: GTK_LICENSE_MIT_X11
            case .apache2: GTK_LICENSE_APACHE_2_0
            }
        }
    }

    public struct Info: Sendable {
        public var applicationName: String
        public var applicationIcon: String
        public var version: String
        public var developerName: String = ""
        public var comments: String = ""
        public var website: String = ""
        public var issueURL: String = ""
        public var copyright: String = ""
        public var developers: [String] = []
        /// The translators of the language shown; GNOME's "translator-credits" text, left out
        /// while it is untranslated.
        public var translatorCredits: String = ""
        public var license: License = .unknown

        public init(applicationName: String, applicationIcon: String, version: String) {
            self.applicationName = applicationName
            self.applicationIcon = applicationIcon
            self.version = version
        }
    }

    /// A modal about window over `parent`.
    public convenience init(parent: Window?, info: Info) {
        self.init(borrowing: UnsafeMutableRawPointer(adw_about_window_new()))
        let about = opaque
        adw_about_window_set_application_name(about, info.applicationName)
        adw_about_window_set_application_icon(about, info.applicationIcon)
        adw_about_window_set_version(about, info.version)
        if !info.developerName.isEmpty { adw_about_window_set_developer_name(about, info.developerName) }
        if !info.comments.isEmpty { adw_about_window_set_comments(about, info.comments) }
        if !info.website.isEmpty { adw_about_window_set_website(about, info.website) }
        if !info.issueURL.isEmpty { adw_about_window_set_issue_url(about, info.issueURL) }
        if !info.copyright.isEmpty { adw_about_window_set_copyright(about, info.copyright) }
        if !info.translatorCredits.isEmpty && info.translatorCredits != "translator-credits" {
            adw_about_window_set_translator_credits(about, info.translatorCredits)
        }
        if info.license != .unknown { adw_about_window_set_license_type(about, info.license.gtk) }
        if !info.developers.isEmpty {
            // A NULL-terminated C string array, alive for the duration of the call.
            var cStrings: [UnsafePointer<CChar>?] = info.developers.map { UnsafePointer(strdup($0)) }
            cStrings.append(nil)
            cStrings.withUnsafeMutableBufferPointer { adw_about_window_set_developers(about, $0.baseAddress) }
            cStrings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        }
        setTransientFor(parent)
        isModal = true
    }
}

extension ApplicationWindow {
    /// Makes `overlay` (a GtkShortcutsWindow, usually from a builder file) this window's
    /// keyboard-shortcuts window, shown by the "win.show-help-overlay" action GTK adds.
    public func setHelpOverlay(_ overlay: Window?) {
        gtk_application_window_set_help_overlay(ptr(), overlay.map { OpaquePointer($0.raw) })
    }
}

extension Label {
    /// Shortens overflowing text at the end with "…" (table cells), without spelling Pango's enum.
    public var ellipsizesAtEnd: Bool {
        get { ellipsize == PANGO_ELLIPSIZE_END }
        set { ellipsize = newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE }
    }
}
