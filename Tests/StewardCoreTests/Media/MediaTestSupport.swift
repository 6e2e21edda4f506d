import Foundation
import MediaTestSamples
import StewardMedia
@testable import StewardCore

/// A fresh database with one organization, a media folder of its own and a place for the
/// files a test adds; both folders go when the fixture does.
final class MediaFixture {
    let base: Fixture
    let folder: URL
    let inbox: URL
    let library: MediaLibrary

    var database: AppDatabase { base.database }
    var org: Organization { base.org }

    init(limits: MediaLimits = .standard, duration: Double? = nil) async throws {
        base = try await Fixture()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("media-test-\(UUID().uuidString)")
        folder = root.appendingPathComponent("library")
        inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        library = MediaLibrary(database: base.database, folder: MediaFolder(root: folder), limits: limits,
                               durationReader: { _ in duration })
    }

    deinit {
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    /// Writes `data` as a file named `name` to add from.
    func file(_ name: String, _ data: Data) throws -> URL {
        let url = inbox.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    func add(_ name: String, _ data: Data) async throws -> MediaItem {
        try await library.add(try file(name, data), to: org)
    }

    /// Every file kept in the media folder (partial ones too).
    func keptFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            return !isFolder.boolValue
        }
    }

    func rowCount() async throws -> Int {
        try await database.writer.read { db in try MediaItem.fetchCount(db) }
    }
}
