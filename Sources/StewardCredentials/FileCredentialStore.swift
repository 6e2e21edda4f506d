import Foundation
import StewardCore

#if canImport(Glibc)
import Glibc
import Translation
#endif

/// Staff tokens and API tokens in files only the user can read, where no keyring runs: one file
/// per console installation and organization (and one more for an API token) in a folder of
/// mode 0700, each file 0600. A file is written whole to a temporary file (0600 from the start)
/// and renamed over the old one, so a crash leaves the old credentials or the new ones, never a
/// mix, and no other user can read them at any moment.
public struct FileCredentialStore: CredentialStore {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// `$XDG_DATA_HOME/steward/credentials`, else `~/.local/share/steward/credentials`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return URL(fileURLWithPath: dataHome).appendingPathComponent("steward/credentials")
    }

    public var displayName: String { tr("the credentials file in {folder}", ["folder": folder.path]) }

    public func file(for key: CredentialKey) -> URL {
        folder.appendingPathComponent(key.name + ".json")
    }

    public func load(_ key: CredentialKey) throws -> SessionCredentials? {
        let path = file(for: key).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try SessionCredentials.decode(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    public func save(_ credentials: SessionCredentials, for key: CredentialKey) throws {
        try writePrivately(try credentials.encoded(), to: file(for: key), name: key.name)
    }

    public func delete(_ key: CredentialKey) throws {
        try remove(file(for: key))
    }

    /// `<installation>-<slug>.api-token`: the token's text alone.
    public func apiTokenFile(for key: CredentialKey) -> URL {
        folder.appendingPathComponent(key.name + ".api-token")
    }

    public func loadAPIToken(_ key: CredentialKey) throws -> String? {
        let path = apiTokenFile(for: key).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    public func saveAPIToken(_ token: String, for key: CredentialKey) throws {
        try writePrivately(Data(token.utf8), to: apiTokenFile(for: key), name: key.name)
    }

    public func deleteAPIToken(_ key: CredentialKey) throws {
        try remove(apiTokenFile(for: key))
    }

    /// Writes `data` whole to a temporary file (0600 from the start) and renames it over
    /// `target`, so a crash leaves the old contents or the new, never a mix.
    private func writePrivately(_ data: Data, to targetURL: URL, name: String) throws {
        try makeFolder()
        let target = targetURL.path
        let temporary = folder.appendingPathComponent(".\(name).\(UUID().uuidString).tmp").path
        // O_EXCL: never write through a file (or link) someone else put there.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CredentialFileError.failed(tr("cannot create {path}", ["path": temporary])) }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            // The mode open() gives is narrowed by the umask; set it exactly.
            guard fchmod(fd, 0o600) == 0 else { throw CredentialFileError.failed(tr("cannot protect {path}", ["path": temporary])) }
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw CredentialFileError.failed(tr("cannot write {path}", ["path": temporary]))
                    }
                    offset += written
                }
            }
            guard fsync(fd) == 0 else { throw CredentialFileError.failed(tr("cannot flush {path}", ["path": temporary])) }
            closed = true
            guard close(fd) == 0 else { throw CredentialFileError.failed(tr("cannot close {path}", ["path": temporary])) }
            guard rename(temporary, target) == 0 else { throw CredentialFileError.failed(tr("cannot replace {path}", ["path": target])) }
        } catch {
            unlink(temporary)
            throw error
        }
        syncFolder()
    }

    private func remove(_ file: URL) throws {
        let path = file.path
        if unlink(path) != 0 && errno != ENOENT {
            throw CredentialFileError.failed(tr("cannot remove {path}", ["path": path]))
        }
        syncFolder()
    }

    /// The folder, made 0700 (and narrowed to 0700 if it was wider).
    private func makeFolder() throws {
        let path = folder.path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var info = stat()
        guard stat(path, &info) == 0 else { throw CredentialFileError.failed(tr("cannot read {path}", ["path": path])) }
        if info.st_mode & 0o777 != 0o700, chmod(path, 0o700) != 0 {
            throw CredentialFileError.failed(tr("cannot make {path} private (mode 0700)", ["path": path]))
        }
    }

    /// Makes the rename itself durable.
    private func syncFolder() {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}

public enum CredentialFileError: Error, CustomStringConvertible {
    case system(String, Int32)

    /// The call that just failed, with its errno read before the words are made (translating
    /// them must not be what errno then reports).
    static func failed(_ what: @autoclosure () -> String) -> CredentialFileError {
        let code = errno
        return .system(what(), code)
    }

    public var description: String {
        switch self {
        case .system(let what, let code): "\(what): \(String(cString: strerror(code)))"
        }
    }
}
