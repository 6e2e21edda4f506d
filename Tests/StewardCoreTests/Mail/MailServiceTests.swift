import CCurl
import Foundation
import GRDB
import Testing
@testable import StewardCore

/// A transport that keeps what it is given and answers as told, in place of a mail server.
final class RecordingTransport: MailTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [(message: Data, from: String, to: String, login: SMTPLogin)] = []
    let failure: MailSendError?

    init(failing failure: MailSendError? = nil) {
        self.failure = failure
    }

    var messages: [(message: Data, from: String, to: String, login: SMTPLogin)] { lock.withLock { sent } }

    func send(_ message: Data, from: String, to: String, login: SMTPLogin) async throws(MailSendError) {
        lock.withLock { sent.append((message, from, to, login)) }
        if let failure { throw failure }
    }
}

@Suite("Mail settings, sending and the log")
struct MailServiceTests {
    static let input = MailSettingsInput(smtpURL: "smtp://smtp.example.org", user: "office@grace.example",
                                         from: "office@grace.example", password: .set("app password 1"))

    func storedSettingsCount(_ fixture: Fixture) async throws -> Int {
        try await fixture.database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM mailSettings") ?? 0 }
    }

    @Test("settings are kept with the password in the credential store, never in the database")
    func keepsSettings() async throws {
        let fixture = try await Fixture()
        let credentials = MemoryCredentialStore()
        let service = MailService(database: fixture.database, credentials: credentials, transport: RecordingTransport())
        let saved = try await service.save(Self.input, for: fixture.org)
        #expect(saved.server.url == "smtp://smtp.example.org:587")
        #expect(saved.server.security == .startTLSRequired)
        #expect(try await service.settings(for: fixture.org) == saved)
        #expect(service.hasPassword(for: fixture.org))
        let dump = try await fixture.database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM mailSettings").map(\.description).joined()
        }
        #expect(!dump.contains("app password 1"))
        // Saved again without a password: the kept one stays.
        var again = Self.input
        again.password = .keep
        again.smtpURL = "smtps://smtp.example.org"
        #expect(try await service.save(again, for: fixture.org).server.url == "smtps://smtp.example.org:465")
        #expect(service.hasPassword(for: fixture.org))
    }

    @Test("bad input names each field at fault and changes nothing")
    func refusesBadInput() async throws {
        let fixture = try await Fixture()
        let credentials = MemoryCredentialStore()
        let service = MailService(database: fixture.database, credentials: credentials, transport: RecordingTransport())
        let bad = MailSettingsInput(smtpURL: "https://smtp.example.org", user: "office", from: "office at grace",
                                    password: .set("secret"))
        let error = await #expect(throws: ValidationError.self) { try await service.save(bad, for: fixture.org) }
        #expect(error?.issues.map(\.field) == ["smtp", "from"])
        #expect(try await storedSettingsCount(fixture) == 0)
        #expect(!service.hasPassword(for: fixture.org), "the password of refused settings is not kept")

        let noPassword = MailSettingsInput(smtpURL: "smtp://smtp.example.org", user: "office", from: "office@grace.example")
        let missing = await #expect(throws: ValidationError.self) { try await service.save(noPassword, for: fixture.org) }
        #expect(missing?.issues.map(\.field) == ["password"])
        let injected = MailSettingsInput(smtpURL: "smtp://smtp.example.org", user: "office", from: "office@grace.example",
                                         password: .set("one\r\nRCPT TO:<x@example.org>"))
        await #expect(throws: ValidationError.self) { try await service.save(injected, for: fixture.org) }
        let userInURL = MailSettingsInput(smtpURL: "smtp://office:pw@smtp.example.org", user: "", from: "office@grace.example")
        await #expect(throws: ValidationError.self) { try await service.save(userInURL, for: fixture.org) }
        #expect(try await storedSettingsCount(fixture) == 0)
    }

    @Test("a message goes from the organization to the recipient, signed in with the kept password, and is logged")
    func sendsAndLogs() async throws {
        let fixture = try await Fixture()
        let transport = RecordingTransport()
        let service = MailService(database: fixture.database, credentials: MemoryCredentialStore(), transport: transport)
        await #expect(throws: MailSendError.notSetUp) {
            try await service.send(to: "ann@example.org", subject: "Hi", body: "Hello", purpose: MailPurpose(.test), in: fixture.org)
        }
        try await service.save(Self.input, for: fixture.org)
        let record = UUID()
        let entry = try await service.send(to: "ann@example.org", name: "Ann Lee", subject: "Préstamos", body: "Hola",
                                           purpose: MailPurpose(.loanReminder, recordId: record), in: fixture.org)
        #expect(entry.wasSent)
        let sent = try #require(transport.messages.first)
        #expect(sent.from == "office@grace.example" && sent.to == "ann@example.org")
        #expect(sent.login.user == "office@grace.example" && sent.login.password == "app password 1")
        let text = String(decoding: sent.message, as: UTF8.self)
        #expect(text.contains("From: Grace Community Church <office@grace.example>\r\n"))
        #expect(text.contains("Message-ID: \(entry.messageID)\r\n"))
        let log = try await service.log(for: fixture.org)
        #expect(log.count == 1)
        #expect(log[0].purpose == MailPurpose(.loanReminder, recordId: record))
        #expect(log[0].subject == "Préstamos" && log[0].recipient == "ann@example.org" && log[0].error == nil)
    }

    @Test("a message the server refuses is logged with the reason")
    func logsFailure() async throws {
        let fixture = try await Fixture()
        let transport = RecordingTransport(failing: .recipientRefused(address: "nobody@example.org", code: 550))
        let service = MailService(database: fixture.database, credentials: MemoryCredentialStore(), transport: transport)
        try await service.save(Self.input, for: fixture.org)
        let entry = try await service.send(to: "nobody@example.org", subject: "Test", body: "Test", purpose: MailPurpose(.test),
                                           in: fixture.org)
        #expect(!entry.wasSent)
        #expect(entry.error?.contains("nobody@example.org") == true)
        #expect(entry.error?.contains("550") == true)
        let json = try #require(try await service.log(for: fixture.org).first).json
        #expect(json["result"]?.stringValue == "failed")
        #expect(json["purpose"]?.stringValue == "test")
    }

    @Test("a password read from a file at each send")
    func passwordFile() async throws {
        let fixture = try await Fixture()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mail-password-\(UUID().uuidString)")
        try "from a file\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = RecordingTransport()
        let service = MailService(database: fixture.database, credentials: MemoryCredentialStore(), transport: transport)
        var input = Self.input
        input.password = .file(file.path)
        try await service.save(input, for: fixture.org)
        try await service.send(to: "ann@example.org", subject: "Test", body: "Test", purpose: MailPurpose(.test), in: fixture.org)
        #expect(transport.messages.first?.login.password == "from a file")
        input.password = .file("/nonexistent/password")
        let error = await #expect(throws: ValidationError.self) { try await service.save(input, for: fixture.org) }
        #expect(error?.issues.map(\.field) == ["password-file"])
    }

    @Test("approval decisions reach submitters with an e-mail address, only when mail is set up")
    func decisions() async throws {
        let fixture = try await Fixture()
        let transport = RecordingTransport()
        let service = MailService(database: fixture.database, credentials: MemoryCredentialStore(), transport: transport)
        let submission = SubmissionRecord(event: .object(["title": .string("Bake sale")]), submitterId: "m1",
                                          submitterName: "Rosa Díaz", submitterEmail: "rosa@example.org", at: Date())
        let record = LocalRecord(entity: "submission", orgId: fixture.org.id, fields: submission.json)
        #expect(try await DecisionMail.send([record], status: .approved, reason: "", in: fixture.org, mail: service).isEmpty)
        try await service.save(Self.input, for: fixture.org)
        let sent = try await DecisionMail.send([record], status: .changesRequested, reason: "Add a room", in: fixture.org,
                                               mail: service)
        #expect(sent.count == 1 && sent[0].wasSent)
        #expect(sent[0].subject == "Changes requested: Bake sale")
        #expect(sent[0].purpose == MailPurpose(.approvalDecision, recordId: record.id))
        let text = String(decoding: try #require(transport.messages.first).message, as: UTF8.self)
        #expect(text.contains("Add a room"))
    }
}

@Suite("SMTP server addresses and failures")
struct SMTPServerTests {
    @Test("smtp:// is STARTTLS on 587, required off this computer; smtps:// is TLS on 465")
    func addresses() throws {
        let submission = try SMTPServer(url: "smtp://SMTP.Example.org")
        #expect(submission.url == "smtp://smtp.example.org:587" && submission.security == .startTLSRequired)
        #expect(try SMTPServer(url: "smtps://smtp.gmail.com").url == "smtps://smtp.gmail.com:465")
        #expect(try SMTPServer(url: "smtp://smtp.office365.com:587/").port == 587)
        #expect(try SMTPServer(url: "smtp://127.0.0.1:2525").security == .startTLSWhenOffered)
        #expect(try SMTPServer(url: "smtp://localhost:25").security == .startTLSWhenOffered)
        #expect(try SMTPServer(url: "smtp://[::1]:2525").url == "smtp://[::1]:2525")
    }

    @Test("anything but an smtp(s) server and port is refused", arguments: [
        "", "smtp.example.org", "https://smtp.example.org", "smtp://", "smtp://user:pw@smtp.example.org",
        "smtp://smtp.example.org/path", "smtp://smtp.example.org?x=1", "smtp://smtp.example.org:0",
    ])
    func refused(url: String) {
        #expect(throws: SMTPServerError.self) { try SMTPServer(url: url) }
    }

    @Test("libcurl's refusals are told apart: recipient, sender, sign-in, a broken connection")
    func failures() throws {
        let login = SMTPLogin(server: try SMTPServer(url: "smtp://smtp.example.org"), user: "office", password: "x")
        func error(_ code: CURLcode, _ detail: String, reply: Int = 0, osError: Int32 = 0) -> MailSendError {
            SMTPFailure.error(for: code, detail: detail, lastReply: reply, osError: osError, connectFailure: nil,
                              from: "office@grace.example", to: "ann@example.org", login: login)
        }
        #expect(error(CURLE_SEND_ERROR, "RCPT failed: 550") == .recipientRefused(address: "ann@example.org", code: 550))
        #expect(error(CURLE_SEND_ERROR, "MAIL failed: 553") == .senderRefused(address: "office@grace.example", code: 553))
        #expect(error(CURLE_LOGIN_DENIED, "Authentication failed: 535") == .authenticationFailed(user: "office"))
        #expect(error(CURLE_RECV_ERROR, "Connection died") == .connectionDropped("Connection died"))
        #expect(error(CURLE_COULDNT_CONNECT, "Failed to connect", osError: ECONNREFUSED)
                == .connectionRefused(host: "smtp.example.org", port: 587))
        #expect(error(CURLE_USE_SSL_FAILED, "STARTTLS not supported.") == .startTLSUnavailable(host: "smtp.example.org", port: 587))
        #expect(error(CURLE_WEIRD_SERVER_REPLY, "weird", reply: 554) == .messageRefused(code: 554))
        for message in [MailSendError.recipientRefused(address: "ann@example.org", code: 550),
                        .authenticationFailed(user: "office"), .connectionRefused(host: "h", port: 587)] {
            #expect(!message.description.isEmpty)
        }
    }
}
