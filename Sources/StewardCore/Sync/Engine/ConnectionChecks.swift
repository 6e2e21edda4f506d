import Foundation
import Translation

/// The checks every way of connecting to a store shares (`remote set`, signing in from the
/// command line or the window): how the store is reached must be safe, or explicitly allowed.
enum ConnectionChecks {
    /// The security chosen for `url` (already cleaned): the CA file made absolute and checked to
    /// hold a PEM certificate; issues name `ca-file`.
    static func security(url: String, allowInsecure: Bool, caFile: String?,
                         issues: inout [ValidationIssue]) -> TransportSecurity {
        var security = TransportSecurity(allowInsecure: allowInsecure)
        guard let given = caFile?.trimmingCharacters(in: .whitespaces), !given.isEmpty else { return security }
        // Absolute, so background sync (started from anywhere) reads the same file.
        let path = URL(fileURLWithPath: given).standardizedFileURL.path
        security.caFile = path
        if URLComponents(string: url)?.scheme?.lowercased() == "http" {
            issues.append(ValidationIssue(field: "ca-file", message: tr("is only used for https:// addresses, and {url} is http://",
                                                                         ["url": url])))
            return security
        }
        if let problem = caFileProblem(path) {
            issues.append(ValidationIssue(field: "ca-file", message: problem))
        }
        return security
    }

    /// Refuses plain http:// to another computer unless `security` allows it.
    static func refuseInsecure(url: String, security: TransportSecurity) throws(InsecureConnectionError) {
        if !security.allowInsecure && Loopback.isUnencryptedOffLoopback(url) {
            throw InsecureConnectionError(url: url)
        }
    }

    /// CA files are a few kilobytes; a bundle of every public CA is about 200.
    static let maxCAFileBytes = 4 * 1024 * 1024

    /// Why `path` cannot serve as a CA file, or nil when it is a readable PEM file with a
    /// certificate in it.
    static func caFileProblem(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return tr("no such file: {path}", ["path": path])
        }
        if isFolder.boolValue { return tr("is a folder, not a CA certificate file: {path}", ["path": path]) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return tr("cannot be read: {path}", ["path": path]) }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxCAFileBytes + 1)) ?? Data()
        if data.count > maxCAFileBytes { return tr("is too large to be a CA certificate file: {path}", ["path": path]) }
        guard String(decoding: data, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            return tr("holds no PEM certificate (a \"-----BEGIN CERTIFICATE-----\" block): {path}", ["path": path])
        }
        return nil
    }
}
