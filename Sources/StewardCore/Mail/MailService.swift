import Foundation
import GRDB
import Translation

/// An organization's e-mail: its mail server (table `mailSettings`; the password with the
/// console's credentials, in the API-token slot under a name of its own as the CalDAV
/// calendar's is, or read from a file), sending a message through it, and the log of every
/// message sent or tried (table `mailLog`). All of it stays in this console: nothing here is
/// synced to the store.
public final class MailService: Sendable {
    public let database: AppDatabase
    private let credentials: (any CredentialStore)?
    private let transport: any MailTransport

    public init(database: AppDatabase, credentials: (any CredentialStore)?, transport: any MailTransport = SMTPSender()) {
        self.database = database
        self.credentials = credentials
        self.transport = transport
    }

    // MARK: Settings

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

    // MARK: Sending

    /// Writes and sends one message from the organization's From address, and logs it with its
    /// result. Throws only when nothing was tried (`MailSendError.notSetUp`) or the log cannot
    /// be written; a message the server did not take comes back as a log entry with its error.
    @discardableResult
    public func send(to recipient: String, name: String = "", subject: String, body: String, purpose: MailPurpose,
                     in org: Organization) async throws -> MailLogEntry {
        guard let settings = try await settings(for: org) else { throw MailSendError.notSetUp }
        let message = MailMessage(from: settings.from, fromName: org.name, to: recipient.trimmingCharacters(in: .whitespaces),
                                  toName: name, subject: subject, body: body)
        var failure: MailSendError?
        do {
            let signIn = try await Task.detached { [self] () throws(MailSendError) -> SMTPLogin in
                try login(settings, org: org)
            }.value
            let data: Data
            do {
                data = try message.rendered(timeZone: TimeZone(identifier: org.timeZoneIdentifier) ?? .current)
            } catch {
                throw MailSendError.invalidMessage(error)
            }
            try await transport.send(data, from: settings.from, to: message.to, login: signIn)
        } catch let error as MailSendError {
            failure = error
        }
        return try await log(message, purpose: purpose, error: failure?.description, in: org)
    }

    /// The organization's log, newest first.
    public func log(for org: Organization, limit: Int = 500) async throws -> [MailLogEntry] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, sentAt, recipient, subject, purpose, recordId, error, messageId FROM mailLog
                WHERE orgId = ? ORDER BY sentAt DESC, id DESC LIMIT ?
                """, arguments: [UUIDColumn.encode(org.id), limit])
                .map { row in
                    let kind = MailPurpose.Kind(rawValue: row["purpose"]) ?? .test
                    let record: String? = row["recordId"]
                    return MailLogEntry(id: row["id"], sentAt: row["sentAt"], recipient: row["recipient"], subject: row["subject"],
                                        purpose: MailPurpose(kind, recordId: record.flatMap(UUID.init(uuidString:))),
                                        error: row["error"], messageID: row["messageId"])
                }
        }
    }

    // MARK: Inside

    private func log(_ message: MailMessage, purpose: MailPurpose, error: String?, in org: Organization) async throws -> MailLogEntry {
        let now = Date()
        let id = try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO mailLog (orgId, sentAt, recipient, subject, purpose, recordId, result, error, messageId)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [UUIDColumn.encode(org.id), now, message.to, message.subject, purpose.kind.rawValue,
                                 purpose.recordId.map(UUIDColumn.encode), error == nil ? "sent" : "failed", error,
                                 message.messageID])
            return db.lastInsertedRowID
        }
        return MailLogEntry(id: id, sentAt: now, recipient: message.to, subject: message.subject, purpose: purpose,
                            error: error, messageID: message.messageID)
    }

    /// The server and the password to sign in with. Blocks on the keyring or the file.
    private func login(_ settings: MailSettings, org: Organization) throws(MailSendError) -> SMTPLogin {
        var password = ""
        if !settings.user.isEmpty {
            if let file = settings.passwordFile {
                password = try MailPasswordFile.read(file)
            } else {
                guard let credentials else { throw .passwordMissing(tr("this console has no credential store")) }
                do {
                    guard let kept = try credentials.loadAPIToken(try key(for: org)) else {
                        throw MailSendError.passwordMissing(tr("none is kept in {store}: set it again in Preferences or with `{command}`",
                                                               ["store": credentials.displayName, "command": "stewardctl mail set"]))
                    }
                    password = kept
                } catch let error as MailSendError {
                    throw error
                } catch {
                    throw .passwordMissing(tr("cannot read it from {store}: {error}", ["store": credentials.displayName, "error": "\(error)"]))
                }
            }
        }
        return SMTPLogin(server: settings.server, user: settings.user, password: password, caFile: settings.caFile)
    }

    private static func settings(_ org: Organization, _ db: Database) throws -> MailSettings? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT smtpURL, userName, fromAddress, passwordFile, caFile FROM mailSettings WHERE orgId = ?
            """, arguments: [UUIDColumn.encode(org.id)]),
            let server = try? SMTPServer(url: row["smtpURL"]) else { return nil }
        return MailSettings(server: server, user: row["userName"], from: row["fromAddress"], passwordFile: row["passwordFile"],
                            caFile: row["caFile"])
    }

    private func key(for org: Organization) throws -> CredentialKey {
        CredentialKey(installation: UUIDColumn.encode(try database.installationId()), orgSlug: "smtp-" + UUIDColumn.encode(org.id))
    }
}
