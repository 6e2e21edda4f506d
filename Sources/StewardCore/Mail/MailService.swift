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
    let credentials: (any CredentialStore)?
    private let transport: any MailTransport

    public init(database: AppDatabase, credentials: (any CredentialStore)?, transport: any MailTransport = SMTPSender()) {
        self.database = database
        self.credentials = credentials
        self.transport = transport
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

    /// The name the password is kept under with the credentials: the installation and
    /// "smtp-<organization id>", in the API-token slot (as the CalDAV calendar's is).
    func key(for org: Organization) throws -> CredentialKey {
        CredentialKey(installation: UUIDColumn.encode(try database.installationId()), orgSlug: "smtp-" + UUIDColumn.encode(org.id))
    }
}
