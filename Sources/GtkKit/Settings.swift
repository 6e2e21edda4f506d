import CGtk

/// GSettings for one schema (window size, last view...).
///
/// `g_settings_new` aborts the process when the schema is not installed, so use
/// `Settings(schemaID:)`, which returns nil instead (dev runs without compiled schemas, tests).
@MainActor
public final class Settings: ObjectRef {
    override public class var gType: GType { g_settings_get_type() }

    public var settings: UnsafeMutablePointer<GSettings> { ptr() }

    /// True if the schema is found in the default source (honours GSETTINGS_SCHEMA_DIR).
    public static func isSchemaInstalled(_ schemaID: String) -> Bool {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return false }
        g_settings_schema_unref(schema)
        return true
    }

    public convenience init?(schemaID: String) {
        guard Settings.isSchemaInstalled(schemaID) else { return nil }
        self.init(owning: UnsafeMutableRawPointer(g_settings_new(schemaID)))
    }

    public func int(_ key: String) -> Int { Int(g_settings_get_int(settings, key)) }
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }
    public func double(_ key: String) -> Double { g_settings_get_double(settings, key) }
    public func string(_ key: String) -> String {
        guard let s = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(s) }
        return String(cString: s)
    }

    /// Setters return false if the key is not writable (locked down by the administrator).
    @discardableResult public func set(_ key: String, int value: Int) -> Bool {
        g_settings_set_int(settings, key, gint(value)) != 0
    }
    @discardableResult public func set(_ key: String, bool value: Bool) -> Bool {
        g_settings_set_boolean(settings, key, value ? 1 : 0) != 0
    }
    @discardableResult public func set(_ key: String, double value: Double) -> Bool {
        g_settings_set_double(settings, key, value) != 0
    }
    @discardableResult public func set(_ key: String, string value: String) -> Bool {
        g_settings_set_string(settings, key, value) != 0
    }

    /// Keeps a GObject property and a key in sync both ways (`g_settings_bind`).
    public func bind(_ key: String, to object: ObjectRef, property: String) {
        g_settings_bind(settings, key, object.raw, property, G_SETTINGS_BIND_DEFAULT)
    }

    /// Restores a window's size and maximized state from integer keys `width`/`height` and a
    /// boolean key `maximized` (names configurable), and saves them on close.
    public func persistWindowState(_ window: Window, widthKey: String = "window-width",
                                   heightKey: String = "window-height",
                                   maximizedKey: String = "window-maximized") {
        window.defaultSize = (int(widthKey), int(heightKey))
        if bool(maximizedKey) { window.maximize() }
        // Holds the settings strongly (callers often drop theirs after startup) and the window
        // weakly (window -> handler -> window would be a cycle).
        window.onCloseRequest { [weak window] in
            guard let window else { return false }
            // The default size tracks the unmaximized size, which is what should be restored.
            let size = window.defaultSize
            self.set(widthKey, int: size.width)
            self.set(heightKey, int: size.height)
            self.set(maximizedKey, bool: window.isMaximized)
            return false
        }
    }

    /// Writes pending changes to disk now (before a quick exit).
    public static func sync() { g_settings_sync() }
}
