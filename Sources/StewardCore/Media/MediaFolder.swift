import Crypto
import Foundation

/// Where the console keeps the files of its media library: `{folder}/{org}/{id}`, the bytes
/// as they will be uploaded (an image already cleaned). By default the folder is beside the
/// database file (`steward.sqlite.media`), so a backup of the one is found with the other.
public struct MediaFolder: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// `<database>.media`, beside the database file at `databasePath`.
    public static func beside(databaseAt databasePath: String) -> MediaFolder {
        MediaFolder(root: URL(fileURLWithPath: databasePath + ".media", isDirectory: true))
    }

    public func fileURL(orgId: UUID, id: UUID) -> URL {
        root.appendingPathComponent(UUIDColumn.encode(orgId), isDirectory: true)
            .appendingPathComponent(UUIDColumn.encode(id), isDirectory: false)
    }

    /// Writes `data` as the item's file: beside its place first, then renamed into it, so a
    /// crash never leaves half a file under an item's name. Folders are private (0700), as
    /// the database's are.
    func write(_ data: Data, orgId: UUID, id: UUID) throws {
        let target = fileURL(orgId: orgId, id: id)
        try prepareFolder(of: target)
        let partial = target.appendingPathExtension("partial")
        try data.write(to: partial, options: .atomic)
        try FileManager.default.moveItem(at: partial, to: target)
    }

    /// Copies the file at `source` as the item's file, hashing it on the way (videos of
    /// gigabytes are never read whole into memory). Returns the bytes copied and their SHA-256.
    func copy(from source: URL, orgId: UUID, id: UUID) throws -> (size: Int64, sha256: String) {
        let target = fileURL(orgId: orgId, id: id)
        try prepareFolder(of: target)
        let partial = target.appendingPathExtension("partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path])
        }
        var hasher = SHA256()
        var size: Int64 = 0
        do {
            let input = try FileHandle(forReadingFrom: source)
            defer { try? input.close() }
            let output = try FileHandle(forWritingTo: partial)
            defer { try? output.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                hasher.update(data: chunk)
                try output.write(contentsOf: chunk)
                size += Int64(chunk.count)
            }
            try output.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        try FileManager.default.moveItem(at: partial, to: target)
        return (size, Self.hex(hasher.finalize()))
    }

    func removeFile(orgId: UUID, id: UUID) {
        try? FileManager.default.removeItem(at: fileURL(orgId: orgId, id: id))
    }

    static func sha256(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    private func prepareFolder(of file: URL) throws {
        let manager = FileManager.default
        for folder in [root, file.deletingLastPathComponent()] where !manager.fileExists(atPath: folder.path) {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
        }
    }
}
