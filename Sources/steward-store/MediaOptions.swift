import ArgumentParser
import CommandLineSupport
import Foundation
import StewardStore

/// Where `serve` keeps media files (docs/media.md).
struct MediaOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Folder for media files (photos, recordings, PDFs); created if missing. Default: a 'media' folder beside the SQLite file; with --postgres, under $STATE_DIRECTORY (systemd), else ~/.local/share/steward-store. Several store processes sharing one PostgreSQL database must share this folder too.",
        valueName: "dir"))
    var mediaDir: String?

    func validate() throws {
        if let mediaDir, mediaDir.isEmpty { throw ValidationError("--media-dir: the path is empty") }
    }

    /// The folder: the option, else beside the database.
    func folder(for location: StorageLocation) -> URL {
        if let mediaDir { return URL(fileURLWithPath: mediaDir, isDirectory: true) }
        switch location {
        case .sqlite(let path):
            return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("media", isDirectory: true)
        default:
            // systemd may list several state directories, separated by colons: the first is ours.
            if let state = ProcessInfo.processInfo.environment["STATE_DIRECTORY"]?.split(separator: ":").first {
                return URL(fileURLWithPath: String(state), isDirectory: true).appendingPathComponent("media", isDirectory: true)
            }
            return FileManager.default.homeDirectoryForCurrentUser
                .appendingPathComponent(".local/share/steward-store/media", isDirectory: true)
        }
    }

    func configuration(for location: StorageLocation) throws -> MediaConfiguration {
        let folder = folder(for: location)
        do {
            // A folder named on the command line must be usable now; the default one is made at
            // the first upload, so a store that takes no media never needs it.
            return MediaConfiguration(storage: try FolderMediaStorage(root: folder, create: mediaDir != nil))
        } catch {
            throw CLIError.usage("--media-dir: cannot use '\(folder.path)' for media: \(error.localizedDescription)")
        }
    }
}
