import Foundation

/// Where the compiled translations (`<language>/LC_MESSAGES/steward.mo`) are, found the way
/// the window finds its resource bundle, for `steward` and `stewardctl` alike. In order:
/// `$STEWARD_LOCALEDIR` (tests, dev runs), next to an installed binary
/// (`<bin>/../share/locale`, where `make install` puts them), then `./build/locale` (what
/// `make build` writes in a checkout).
public enum LocaleDirectory {
    public static let environmentVariable = "STEWARD_LOCALEDIR"

    public static func candidates(environment: [String: String], executable: URL?,
                                  currentDirectory: String) -> [String] {
        var paths: [String] = []
        if let explicit = environment[environmentVariable], !explicit.isEmpty { paths.append(explicit) }
        if let executable = executable?.resolvingSymlinksInPath() {
            paths.append(executable.deletingLastPathComponent()
                .appendingPathComponent("../share/locale").standardized.path)
        }
        paths.append(currentDirectory + "/build/locale")
        return paths
    }

    /// The first candidate that exists; nil leaves gettext with its built-in folder
    /// (`/usr/share/locale`, where a distribution's package would put the catalogue).
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment,
                            executable: URL? = Bundle.main.executableURL,
                            currentDirectory: String = FileManager.default.currentDirectoryPath) -> String? {
        var isDirectory: ObjCBool = false
        return candidates(environment: environment, executable: executable, currentDirectory: currentDirectory)
            .first { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue }
    }
}
