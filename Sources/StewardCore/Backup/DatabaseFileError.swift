import Foundation
import Translation

/// Why a database file could not be backed up, restored or opened. Each message names the file
/// and says what to do about it.
public enum DatabaseFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path given.
    case missing(path: String)
    /// Not an SQLite file, or an SQLite file that is not this kind of Steward database.
    case notSteward(path: String, expected: String)
    /// SQLite's integrity check found damage.
    case damaged(path: String, detail: String)
    /// Migrations this build does not know were applied: a newer Steward made the file.
    case madeByNewerRelease(path: String)
    /// A migration failed; the file was put back as it was before the upgrade began.
    case upgradeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path):
            return tr("'{path}' does not exist; give the path of a backup file", ["path": path])
        case .notSteward(let path, let expected):
            return tr("'{path}' is not {kind}; choose a file made by Steward's Back Up", ["path": path, "kind": expected])
        case .damaged(let path, let detail):
            return tr("'{path}' is damaged ({detail}); use another backup", ["path": path, "detail": detail])
        case .madeByNewerRelease(let path):
            return tr("'{path}' was made by a newer release of Steward; update Steward to open it", ["path": path])
        case .upgradeFailed(let path, let reason):
            return tr("'{path}' could not be upgraded to this release ({reason}); it was left as it was", ["path": path, "reason": reason])
        }
    }
}
