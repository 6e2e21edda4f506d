import Foundation
import GRDB

/// A consistent copy of an SQLite database made while it is in use, through SQLite's online
/// backup API: the copy is of one moment, however long it takes and whatever is written
/// meanwhile. The copy is written beside the destination and renamed over it only when whole,
/// so a copy cut short never leaves a half file under the destination's name.
public enum SQLiteFileCopy {
    /// Pages copied per step: small enough for progress to move and for writers to get in
    /// between steps, large enough that the steps cost little.
    static let pagesPerStep: CInt = 1024

    /// Copies `source` to a new file at `destination`, in rollback-journal mode so that the one
    /// file is the whole database. `progress` gets the fraction done (0...1).
    public static func copy(from source: any DatabaseReader, to destination: String,
                            progress: (@Sendable (Double) -> Void)? = nil) throws {
        let partial = partialPath(for: destination)
        try? FileManager.default.removeItem(atPath: partial)
        do {
            let copy = try DatabaseQueue(path: partial)
            try source.backup(to: copy, pagesPerStep: pagesPerStep) { step in
                let total = max(step.totalPageCount, 1)
                progress?(Double(step.completedPageCount) / Double(total))
            }
            try copy.writeWithoutTransaction { db in
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            }
            try copy.close()
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: partial)
            try replace(destination, with: partial)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        progress?(1)
    }

    /// Opens the file at `path` to read it as a source (a store or console file in use by
    /// another process is read through its write-ahead log like any reader).
    public static func copy(fromFile path: String, to destination: String, progress: (@Sendable (Double) -> Void)? = nil) throws {
        var config = Configuration()
        config.busyMode = .timeout(10)
        let pool = try DatabasePool(path: path, configuration: config)
        defer { try? pool.close() }
        try copy(from: pool, to: destination, progress: progress)
    }

    static func partialPath(for destination: String) -> String {
        let url = URL(fileURLWithPath: destination)
        return url.deletingLastPathComponent().appendingPathComponent(
            "." + url.lastPathComponent + ".partial-" + UUID().uuidString.prefix(8).lowercased()).path
    }

    /// rename(2): the destination is either the old file or the new one, never a mix.
    static func replace(_ destination: String, with file: String) throws {
        guard rename(file, destination) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination,
                                                           NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
    }
}
