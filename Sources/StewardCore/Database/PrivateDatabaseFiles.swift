import Foundation

#if canImport(Glibc)
import Glibc
import Translation
#endif

/// The console's database holds every record, sync state and (in older versions) an API token:
/// only its owner may read it. Its folder is made 0700 when the console creates it, and the
/// database, its write-ahead log and shared-memory file are 0600.
///
/// Modes are set per file rather than through the umask: the umask belongs to the whole
/// process (the window's other threads create files too), and changing it is not thread-safe.
/// SQLite gives the -wal and -shm files it creates the database file's own mode, so creating
/// that file 0600 before SQLite opens it is enough for new databases; files left wider by
/// older versions are narrowed after opening. A folder that already exists is left as it is:
/// it may be shared (`--db /tmp/x.sqlite`), and the files themselves are private anyway.
enum PrivateDatabaseFiles {
    static let folderMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// The database's folder, with any missing parents, each made 0700; then the database
    /// file itself, empty and 0600, when it does not exist yet.
    static func prepare(databaseAt path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try makeFolder(folder) }
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw PrivateFileError.failed(tr("cannot create {path}", ["path": path])) }
        close(fd)
    }

    /// The database, -wal and -shm files narrowed to 0600 if they are wider (only files of
    /// this user: someone else's database opened on purpose is theirs to protect).
    static func narrow(databaseAt path: String) throws {
        for file in files(of: path) {
            var info = stat()
            guard stat(file, &info) == 0, info.st_uid == geteuid() else { continue }
            if info.st_mode & 0o777 != fileMode, chmod(file, fileMode) != 0 {
                throw PrivateFileError.failed(tr("cannot make {path} private (mode 0600)", ["path": file]))
            }
        }
    }

    static func files(of path: String) -> [String] {
        [path, path + "-wal", path + "-shm"]
    }

    private static func makeFolder(_ folder: String) throws {
        var missing: [String] = []
        var current = folder
        while !current.isEmpty, current != "/", !FileManager.default.fileExists(atPath: current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for created in missing.reversed() {
            if mkdir(created, folderMode) != 0 && errno != EEXIST {
                throw PrivateFileError.failed(tr("cannot create the folder {path}", ["path": created]))
            }
            // mkdir's mode is narrowed by the umask; set it exactly.
            if chmod(created, folderMode) != 0 {
                throw PrivateFileError.failed(tr("cannot make the folder {path} private (mode 0700)", ["path": created]))
            }
        }
    }
}

struct PrivateFileError: Error, CustomStringConvertible {
    var what: String
    var code: Int32

    /// The call that just failed, with its errno read before the words are made (translating
    /// them must not be what errno then reports).
    static func failed(_ what: @autoclosure () -> String) -> PrivateFileError {
        let code = errno
        return PrivateFileError(what: what(), code: code)
    }

    var description: String { "\(what): \(String(cString: strerror(code)))" }
}
