import Foundation
import GtkKit
import Translation

/// Finds and registers the compiled GResource bundle (the .ui files and the stylesheet).
///
/// Looked for, in order: `$STEWARD_RESOURCES` (tests, dev runs), next to an installed binary
/// (`<bin>/../share/steward/steward.gresource`), then `./build/steward.gresource` (what
/// `make build` writes in a checkout). Without it there is no interface to show, so failing to
/// find it is a startup error with a message, not a crash inside GTK.
enum ResourceBundle {
    /// The prefix every bundled file lives under; also the application's resource base path, so
    /// libadwaita loads `style.css` from it on its own.
    static let basePath = "/org/steward/Steward"

    static func path(_ name: String) -> String { "\(basePath)/\(name)" }

    static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var paths: [String] = []
        if let explicit = environment["STEWARD_RESOURCES"], !explicit.isEmpty { paths.append(explicit) }
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            paths.append(executable.deletingLastPathComponent()
                .appendingPathComponent("../share/steward/steward.gresource").standardized.path)
        }
        paths.append(FileManager.default.currentDirectoryPath + "/build/steward.gresource")
        return paths
    }

    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "steward: " + tr("cannot find steward.gresource (looked in: {folders}); run `{command}` or set {variable}",
                             ["folders": searched.joined(separator: ", "), "command": "make build",
                              "variable": "STEWARD_RESOURCES"])
        }
    }

    /// Registers the first bundle found; returns its path.
    @MainActor
    @discardableResult
    static func register() throws -> String {
        let paths = candidates()
        for path in paths where FileManager.default.fileExists(atPath: path) {
            try Resources.register(file: path)
            return path
        }
        throw NotFound(searched: paths)
    }
}
