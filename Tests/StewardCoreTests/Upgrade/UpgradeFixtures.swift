import Foundation
import GRDB
import StewardCore

/// The databases kept in Tests/upgrade/<release>/, one folder per release: each must open in
/// this build, migrate, and still hold every row its digest (`<file>.digest.json`) describes.
/// `STEWARD_UPGRADE_RECORD=1` writes the digests of a new release's files (make-fixtures.sh).
/// A large file is kept gzip-compressed (`console.sqlite.gz`) and unpacked for each test.
enum UpgradeFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("upgrade").path

    static var recording: Bool { ProcessInfo.processInfo.environment["STEWARD_UPGRADE_RECORD"] == "1" }

    /// Releases that kept a file of this name, oldest first.
    static func releases(with file: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { kept(root + "/" + $0 + "/" + file) }
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }
    }

    /// The digest kept beside `file` of `release`; written first when recording.
    static func expectedDigest(_ release: String, _ file: String) throws -> DatabaseDigest {
        let path = root + "/" + release + "/" + file
        let manifest = path + ".digest.json"
        if recording {
            var config = Configuration()
            config.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: config)
            try DatabaseDigest.of(queue).json().write(to: URL(fileURLWithPath: manifest))
            try queue.close()
        }
        return try DatabaseDigest.read(Data(contentsOf: URL(fileURLWithPath: manifest)))
    }

    /// A copy of the release's file to open and migrate: the kept one is never written.
    static func copy(_ release: String, _ file: String, into folder: String) throws -> String {
        let copy = folder + "/" + file
        let kept = root + "/" + release + "/" + file
        if FileManager.default.fileExists(atPath: kept) {
            try FileManager.default.copyItem(atPath: kept, toPath: copy)
        } else {
            let packed = try Data(contentsOf: URL(fileURLWithPath: kept + ".gz"))
            try Gzip.decompress(packed, limit: 256 << 20).write(to: URL(fileURLWithPath: copy))
        }
        return copy
    }

    private static func kept(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path) || FileManager.default.fileExists(atPath: path + ".gz")
    }
}
