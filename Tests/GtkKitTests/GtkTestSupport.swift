import CGtk
import Foundation
import GtkKit
import XCTest

/// Shared setup: GTK is initialized once per process on the main thread (XCTest runs test
/// methods there), and tests skip, with a message, only when there is no display at all.
enum GtkTestSupport {
    nonisolated(unsafe) private static var initialized: Bool?

    /// Where tests leave screenshots (GTKKIT_SCREENSHOT_DIR, default /tmp/gtkkit-screenshots).
    static var screenshotDirectory: String {
        let dir = ProcessInfo.processInfo.environment["GTKKIT_SCREENSHOT_DIR"] ?? "/tmp/gtkkit-screenshots"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The compiled test schema directory, or nil if glib-compile-schemas is unavailable.
    nonisolated(unsafe) static var schemaDirectory: String?

    static func requireGtk() throws {
        precondition(Thread.isMainThread, "GTK tests must run on the main thread")
        if initialized == nil {
            prepareSettingsSchema()
            initialized = MainActor.assumeIsolated { () -> Bool in
                guard Gtk.initialize() else { return false }
                MainLoopBridge.install()
                return true
            }
        }
        if initialized != true {
            throw XCTSkip("GTK could not initialize (no display). Run the tests under `xvfb-run -a`.")
        }
    }

    /// GSettings reads GSETTINGS_SCHEMA_DIR once, on first use: compile a tiny schema into a
    /// temporary directory and point GLib at it (with the in-memory backend) before that.
    private static func prepareSettingsSchema() {
        let dir = NSTemporaryDirectory() + "gtkkit-schemas-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <schemalist>
          <schema id="org.gtkkit.Tests" path="/org/gtkkit/Tests/">
            <key name="window-width" type="i"><default>800</default><summary>Width</summary></key>
            <key name="window-height" type="i"><default>600</default><summary>Height</summary></key>
            <key name="window-maximized" type="b"><default>false</default><summary>Maximized</summary></key>
            <key name="last-view" type="s"><default>'inbox'</default><summary>View</summary></key>
          </schema>
        </schemalist>
        """
        guard (try? xml.write(toFile: dir + "/org.gtkkit.Tests.gschema.xml", atomically: true, encoding: .utf8)) != nil
        else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
        process.arguments = [dir]
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return }
        // Prepend, keeping any directory the caller set (the app's compiled schemas).
        let existing = ProcessInfo.processInfo.environment["GSETTINGS_SCHEMA_DIR"].map { ":" + $0 } ?? ""
        setenv("GSETTINGS_SCHEMA_DIR", dir + existing, 1)
        setenv("GSETTINGS_BACKEND", "memory", 1)
        schemaDirectory = dir
    }
}

/// Runs a test body on the main actor. XCTest calls test methods on the main thread, so this
/// is an assertion, not a hop.
func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
    try MainActor.assumeIsolated(body)
}

/// An object whose lifetime the signal tests watch through a weak reference.
final class Sentinel {}
