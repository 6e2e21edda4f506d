import Foundation

/// The keys the store signs its object store requests with, read from the file
/// `--media-s3-key-file` names (docs/media.md, "On an S3-compatible object store"):
///
///     access_key_id=AKIA...
///     secret_access_key=...
///
/// `KEY=VALUE` lines (spaces around `=` allowed); blank lines and lines starting with `#` are
/// skipped. The file must not be readable by group or others, like an SSH key.
public struct S3Credentials: Sendable, Equatable {
    public var accessKeyId: String
    public var secretAccessKey: String

    public init(accessKeyId: String, secretAccessKey: String) {
        self.accessKeyId = accessKeyId
        self.secretAccessKey = secretAccessKey
    }

    /// Why a key file cannot be used; the message names the file and what to change.
    public struct FileError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// `mustBePrivate` false for a file systemd handed over (`$CREDENTIALS_DIRECTORY`), which
    /// systemd alone makes readable to the service.
    public static func read(path: String, mustBePrivate: Bool = true) throws(FileError) -> S3Credentials {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw FileError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard !mustBePrivate || status.st_mode & 0o077 == 0 else {
            throw FileError(description: "\(path) can be read by other users (mode \(String(status.st_mode & 0o777, radix: 8))); "
                                + "make it private: chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileError(description: "cannot read \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FileError(description: "\(path) is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws(FileError) -> S3Credentials {
        var values: [String: String] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw FileError(description: "\(path), line \(index + 1): not KEY=VALUE; the file holds access_key_id=... and secret_access_key=...")
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard ["access_key_id", "secret_access_key"].contains(name) else {
                throw FileError(description: "\(path), line \(index + 1): unknown name '\(name)'; the file holds access_key_id=... and secret_access_key=...")
            }
            guard !value.isEmpty else { throw FileError(description: "\(path), line \(index + 1): \(name) is empty") }
            values[name] = value
        }
        guard let id = values["access_key_id"] else { throw FileError(description: "\(path): no access_key_id=... line") }
        guard let secret = values["secret_access_key"] else { throw FileError(description: "\(path): no secret_access_key=... line") }
        return S3Credentials(accessKeyId: id, secretAccessKey: secret)
    }
}
