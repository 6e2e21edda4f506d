import CGtk

/// AdwStyleManager: light/dark appearance.
@MainActor
public enum StyleManager {
    private static var manager: OpaquePointer { adw_style_manager_get_default() }

    /// Follows the desktop's light/dark preference (ADW_COLOR_SCHEME_DEFAULT). This is the
    /// libadwaita default; call it to undo a forced scheme.
    public static func followSystem() {
        adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_DEFAULT)
    }

    /// Forces a scheme, e.g. ADW_COLOR_SCHEME_FORCE_DARK (screenshots, user preference).
    public static func setColorScheme(_ scheme: AdwColorScheme) {
        adw_style_manager_set_color_scheme(manager, scheme)
    }

    public static var colorScheme: AdwColorScheme { adw_style_manager_get_color_scheme(manager) }

    /// Whether the app is currently drawn dark.
    public static var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }

    /// Whether the desktop exposes a dark-style preference at all.
    public static var systemSupportsColorSchemes: Bool {
        adw_style_manager_get_system_supports_color_schemes(manager) != 0
    }

    /// Runs when the app switches between light and dark.
    @discardableResult
    public static func onDarkChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalHandlerID {
        Signal.connectPointer(UnsafeMutableRawPointer(manager), "notify::dark") { sender, _ in
            handler(adw_style_manager_get_dark(OpaquePointer(sender)) != 0)
        }
    }
}
