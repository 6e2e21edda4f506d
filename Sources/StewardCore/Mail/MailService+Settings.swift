import Foundation
import GRDB
import Translation

/// The organization's mail server as kept: read, checked and saved (the password first, with
/// the credentials; the rest in table `mailSettings`).
extension MailService {
    /// What is kept for the organization, or nil when it has no mail server yet.
    public func settings(for org: Organization) async throws -> MailSettings? {
        try await database.writer.read { db in try Self.settings(org, db) }
    }

    /// Whether a message can be sent: a mail server is set.
    public func isSetUp(_ org: Organization) async -> Bool {
        ((try? await settings(for: org)) ?? nil) != nil
    }

    /// Whether a password is kept for the organization's mail server. Blocks on the keyring:
    /// call it off the main thread.
    public func hasPassword(for org: Organization) -> Bool {
        guard let credentials, let key = try? key(for: org) else { return false }
        return ((try? credentials.loadAPIToken(key)) ?? nil) != nil
    }

    /// Checks everything given and keeps it: the password first (credential store), then the
    /// rest. Throws `ValidationError` naming each field at fault (`smtp`, `user`, `from`,
    /// `password`, `password-file`, `ca-file`) and then nothing changes.
    @discardableResult
    public func save(_ input: MailSettingsInput, for org: Organization) async throws -> MailSettings {
        let before = try await settings(for: org)
        let passwordKept = await Task.detached { [self] in hasPassword(for: org) }.value
        var issues = IssueCollector()
        var server: SMTPServer?
        do {
            server = try SMTPServer(url: input.smtpURL)
        } catch {
            issues.add("smtp", error.description)
        }
        let user = input.user.trimmingCharacters(in: .whitespaces)
        if LineBreaks.present(in: user) {
            issues.add("user", tr("must be one line (it holds a line break)"))
        }
        let from = input.from.trimmingCharacters(in: .whitespaces)
        if let problem = MailAddress.problem(from) { issues.add("from", problem) }
        var passwordFile: String? = user.isEmpty ? nil : before?.passwordFile
        switch input.password {
        case .set(let password):
            if password.isEmpty {
                issues.add("password", tr("is empty: give the mail account's password (or app password)"))
            } else if LineBreaks.present(in: password) {
                issues.add("password", tr("must be one line (it holds a line break)"))
            } else if user.isEmpty {
                issues.add("user", tr("is required with a password: give the mail account's user name"))
            }
            passwordFile = nil
        case .file(let path):
            if let problem = MailPasswordFile.problem(path) { issues.add("password-file", problem) }
            if user.isEmpty { issues.add("user", tr("is required with a password: give the mail account's user name")) }
            passwordFile = path
        case .keep:
            if !user.isEmpty, passwordFile == nil, !passwordKept {
                issues.add("password", tr("is required with a user name: give the mail account's password (or app password)"))
            }
        }
        let caFile = input.caFile.flatMap { $0.isEmpty ? nil : $0 }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            issues.add("ca-file", tr("cannot be read: {path}", ["path": caFile]))
        }
        if case .set = input.password, credentials == nil {
            issues.add("password", tr("cannot be kept: this console has no credential store"))
        }
        try issues.throwIfAny()
        let keptFile = passwordFile
        guard let server else { throw ValidationError(field: "smtp", message: tr("is not a mail server address")) }

        if case .set(let password) = input.password, let credentials {
            do {
                try await Task.detached { [self] in try credentials.saveAPIToken(password, for: try key(for: org)) }.value
            } catch {
                throw ValidationError(field: "password", message: tr("cannot be kept in {store}: {error}",
                                                                     ["store": credentials.displayName, "error": "\(error)"]))
            }
        } else if user.isEmpty || passwordFile != nil, passwordKept, let credentials {
            // No longer used: not left behind in the keyring.
            _ = try? await Task.detached { [self] in try credentials.deleteAPIToken(try key(for: org)) }.value
        }
        let settings = MailSettings(server: server, user: user, from: from, passwordFile: keptFile, caFile: caFile)
        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO mailSettings (orgId, smtpURL, userName, fromAddress, passwordFile, caFile, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (orgId) DO UPDATE SET smtpURL = excluded.smtpURL, userName = excluded.userName,
                    fromAddress = excluded.fromAddress, passwordFile = excluded.passwordFile, caFile = excluded.caFile,
                    updatedAt = excluded.updatedAt
                """, arguments: [UUIDColumn.encode(org.id), server.url, user, from, keptFile, caFile, Date()])
        }
        return settings
    }

    static func settings(_ org: Organization, _ db: Database) throws -> MailSettings? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT smtpURL, userName, fromAddress, passwordFile, caFile FROM mailSettings WHERE orgId = ?
            """, arguments: [UUIDColumn.encode(org.id)]),
            let server = try? SMTPServer(url: row["smtpURL"]) else { return nil }
        return MailSettings(server: server, user: row["userName"], from: row["fromAddress"], passwordFile: row["passwordFile"],
                            caFile: row["caFile"])
    }
}
