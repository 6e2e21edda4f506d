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

    @Option(name: .customLong("media-s3"), help: ArgumentHelp(
        "Keep media in an S3-compatible object store (AWS S3, MinIO, SeaweedFS, Garage...) at this address, e.g. https://s3.eu-west-1.amazonaws.com; with --media-s3-bucket and --media-s3-key-file. In place of --media-dir: several store processes on one PostgreSQL database then share the bucket.",
        valueName: "url"))
    var mediaS3: String?

    @Option(name: .customLong("media-s3-bucket"), help: ArgumentHelp(
        "The bucket media go in (it must exist; objects are addressed path-style, URL/bucket/key).", valueName: "name"))
    var mediaS3Bucket: String?

    @Option(name: .customLong("media-s3-key-file"), help: ArgumentHelp(
        "File with the object store's keys, two lines: access_key_id=... and secret_access_key=...; readable by its owner only (chmod 600). Default with --media-s3: the systemd credential media-s3-key.",
        valueName: "file"))
    var mediaS3KeyFile: String?

    @Option(name: .customLong("media-s3-region"), help: ArgumentHelp(
        "The region requests are signed for (AWS Signature V4); other object stores mostly accept the default.", valueName: "region"))
    var mediaS3Region: String = "us-east-1"

    /// The key file: the option, else the systemd credential media-s3-key.
    var mediaS3KeyPath: String? { mediaS3KeyFile ?? SystemdCredentials.file(named: "media-s3-key") }

    func validate() throws {
        if let mediaDir, mediaDir.isEmpty { throw ValidationError("--media-dir: the path is empty") }
        guard let mediaS3 else {
            if mediaS3Bucket != nil || mediaS3KeyFile != nil {
                throw ValidationError("--media-s3-bucket, --media-s3-key-file: only with --media-s3 URL")
            }
            return
        }
        if mediaDir != nil {
            throw ValidationError("--media-s3 and --media-dir: give one of them; media live either in a folder or in an object store")
        }
        guard let url = URLComponents(string: mediaS3), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              let host = url.host, !host.isEmpty, url.query == nil else {
            throw ValidationError("--media-s3: '\(mediaS3)' is not an http:// or https:// address of an object store (like https://s3.eu-west-1.amazonaws.com)")
        }
        guard let mediaS3Bucket, !mediaS3Bucket.isEmpty else {
            throw ValidationError("--media-s3-bucket: required with --media-s3: the bucket media go in")
        }
        // S3's bucket naming rules, in short: 3 to 63 lower-case letters, digits, dots and dashes.
        guard (3...63).contains(mediaS3Bucket.count),
              mediaS3Bucket.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" || $0 == "." }) else {
            throw ValidationError("--media-s3-bucket: '\(mediaS3Bucket)' is not a bucket name (3 to 63 lower-case letters, digits, dots and dashes)")
        }
        guard mediaS3KeyPath != nil else {
            throw ValidationError("--media-s3-key-file: required with --media-s3: a file with access_key_id=... and secret_access_key=... lines")
        }
        guard !mediaS3Region.isEmpty, mediaS3Region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw ValidationError("--media-s3-region: '\(mediaS3Region)' is not a region name (like us-east-1)")
        }
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

    func configuration(for location: StorageLocation) async throws -> MediaConfiguration {
        if let mediaS3, let mediaS3Bucket, let keyFile = mediaS3KeyPath {
            return MediaConfiguration(storage: try await objectStore(url: mediaS3, bucket: mediaS3Bucket, keyFile: keyFile))
        }
        let folder = folder(for: location)
        do {
            // A folder named on the command line must be usable now; the default one is made at
            // the first upload, so a store that takes no media never needs it.
            return MediaConfiguration(storage: try FolderMediaStorage(root: folder, create: mediaDir != nil))
        } catch {
            throw CLIError.usage("--media-dir: cannot use '\(folder.path)' for media: \(error.localizedDescription)")
        }
    }

    /// The object store, once it answered for the bucket: a store that cannot reach it, or whose
    /// keys it refuses, says so at start rather than at the first upload.
    private func objectStore(url: String, bucket: String, keyFile: String) async throws -> S3MediaStorage {
        let credentials: S3Credentials
        do {
            credentials = try S3Credentials.read(path: keyFile, mustBePrivate: mediaS3KeyFile != nil)
        } catch {
            throw CLIError.usage("--media-s3-key-file: \(error)")
        }
        let client = S3Client(endpoint: url, bucket: bucket, region: mediaS3Region, credentials: credentials)
        do {
            try await client.checkBucket()
        } catch {
            throw CLIError.failure("--media-s3: \(error); check the address, the bucket (it must exist) and the keys")
        }
        return S3MediaStorage(client: client)
    }
}
