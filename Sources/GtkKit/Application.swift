import CGtk

/// AdwApplication: process lifetime, the "app." actions, accelerators, and libadwaita styling.
///
///     let app = Application(id: "org.example.App")
///     app.onActivate { ... present the window ... }
///     exit(app.run())
@MainActor
public final class Application: ObjectRef {
    override public class var gType: GType { adw_application_get_type() }

    public var gApplication: UnsafeMutablePointer<GApplication> { ptr() }
    public var gtkApplication: UnsafeMutablePointer<GtkApplication> { ptr() }

    /// - Parameters:
    ///   - id: reverse-DNS application id, also the D-Bus name and the GSettings schema id
    ///     by convention.
    ///   - nonUnique: run a fresh instance even if one is already running (tests, tools).
    public convenience init(id: String, nonUnique: Bool = false) {
        let flags = nonUnique ? G_APPLICATION_NON_UNIQUE : G_APPLICATION_DEFAULT_FLAGS
        self.init(owning: UnsafeMutableRawPointer(adw_application_new(id, flags)))
    }

    public var id: String { String(cString: g_application_get_application_id(gApplication)) }

    /// "startup": runs once per process, before the first "activate"; register actions and
    /// accelerators here.
    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("startup", handler)
    }

    /// "activate": runs at launch and again when the user launches the app a second time;
    /// present the existing window instead of creating another.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("activate", handler)
    }

    /// "shutdown": the main loop is about to return from `run`.
    @discardableResult
    public func onShutdown(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("shutdown", handler)
    }

    /// Runs the GLib main loop until the last window closes or `quit()`. Installs the main-queue
    /// bridge first so Swift concurrency works inside handlers. Returns the exit status.
    @discardableResult
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        MainLoopBridge.install()
        // GApplication wants a C argv; keep the strings alive for the whole run.
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        cStrings.append(nil)
        return cStrings.withUnsafeMutableBufferPointer { argv in
            g_application_run(gApplication, gint(arguments.count), argv.baseAddress)
        }
    }

    /// Ends `run()` after the current handler returns.
    public func quit() { g_application_quit(gApplication) }

    /// Keeps the app running with no window open (balance with `release()`).
    public func hold() { g_application_hold(gApplication) }
    public func release() { g_application_release(gApplication) }

    /// Keyboard shortcuts for an action: `setAccels(["<Control>s"], for: "win.save")`.
    /// An empty array removes them.
    public func setAccels(_ accels: [String], for detailedActionName: String) {
        var cStrings: [UnsafePointer<CChar>?] = accels.map { UnsafePointer(strdup($0)) }
        defer { cStrings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        cStrings.append(nil)
        cStrings.withUnsafeBufferPointer { buffer in
            gtk_application_set_accels_for_action(gtkApplication, detailedActionName, buffer.baseAddress)
        }
    }

    /// The accelerators currently set for an action.
    public func accels(for detailedActionName: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(gtkApplication, detailedActionName) else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var i = 0
        while let s = list[i] { result.append(String(cString: s)); i += 1 }
        return result
    }

    /// The most recently focused window of this application.
    public var activeWindow: Window? {
        gtk_application_get_active_window(gtkApplication).map { Window(borrowing: UnsafeMutableRawPointer($0)) }
    }

    /// Tells the desktop the app is busy (long operations); balance true with false.
    public func setBusy(_ busy: Bool) {
        busy ? g_application_mark_busy(gApplication) : g_application_unmark_busy(gApplication)
    }
}

extension Application: ActionMap {
    public var actionMap: OpaquePointer { opaque }
}
