import Foundation
import Translation

/// A mail password read from a file at each send (a secret that a system administrator puts
/// in place, say): its first line, without the line end.
enum MailPasswordFile {
    /// What is wrong with `path` as a password file, or nil.
    static func problem(_ path: String) -> String? {
        do {
            _ = try read(path)
            return nil
        } catch {
            return error.description
        }
    }

    static func read(_ path: String) throws(MailSendError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .passwordMissing(tr("cannot read the password file {path}", ["path": path]))
        }
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) } ?? ""
        guard !line.isEmpty else { throw .passwordMissing(tr("the password file {path} is empty", ["path": path])) }
        return line
    }
}
