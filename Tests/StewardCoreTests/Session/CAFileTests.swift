import CCurl
import Foundation
import Testing
@testable import StewardCore

/// A private CA file: checked when it is given (it must be a readable PEM certificate, for an
/// https:// address), kept with the remote as an absolute path, and the certificate failures it
/// is the cure for told in words.
@Suite("Trusting a private CA file")
struct CAFileTests {
    static let pem = """
        -----BEGIN CERTIFICATE-----
        MIIBszCCAVmgAwIBAgIUJ0test
        -----END CERTIFICATE-----

        """

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a CA file is kept with the remote, by its absolute path")
    func keptWithTheRemote() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("org-ca.pem")
        try Self.pem.write(to: file, atomically: true, encoding: .utf8)
        let (database, org) = try await PlainHTTPRefusalTests.console()
        let service = RemoteService(database: database, credentials: MemoryCredentialStore())

        let remote = try await service.connect(org, url: "https://store.example.org", token: "stw_t",
                                               security: TransportSecurity(caFile: root.path + "/./org-ca.pem"))
        #expect(remote.caFile == file.path)
        #expect(try await service.remote(for: org)?.caFile == file.path)
        #expect(try await service.remote(for: org)?.security == TransportSecurity(caFile: file.path))
        // Connecting again without one goes back to the system's CAs.
        try await service.connect(org, url: "https://store.example.org", token: "stw_t")
        #expect(try await service.remote(for: org)?.caFile == nil)
    }

    @Test("a missing, empty or non-PEM CA file, or one for an http:// address, is refused naming ca-file")
    func badCAFiles() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let notPEM = root.appendingPathComponent("key.txt")
        try "not a certificate".write(to: notPEM, atomically: true, encoding: .utf8)
        let good = root.appendingPathComponent("ca.pem")
        try Self.pem.write(to: good, atomically: true, encoding: .utf8)
        let cases: [(String, String, String)] = [
            ("https://store.example.org", root.appendingPathComponent("nope.pem").path, "no such file: "),
            ("https://store.example.org", root.path, "is a folder"),
            ("https://store.example.org", notPEM.path, "holds no PEM certificate"),
            ("http://127.0.0.1:8420", good.path, "is only used for https:// addresses"),
        ]
        for (url, caFile, message) in cases {
            do {
                try RemoteService.validatedConnection(url: url, token: "stw_t", caFile: caFile)
                Issue.record("accepted \(caFile) for \(url)")
            } catch let error as ValidationError {
                #expect(error.issues.map(\.field) == ["ca-file"], "\(error)")
                #expect(error.issues.first?.message.contains(message) == true, "\(error)")
            }
        }
        let (database, org) = try await PlainHTTPRefusalTests.console()
        let sessions = SessionService(database: database, credentials: MemoryCredentialStore(), transport: FakeSessionTransport())
        await #expect(throws: ValidationError.self) {
            try await sessions.signIn(org: org, url: "https://store.example.org", email: "ann@grace.example", password: "pw",
                                      security: TransportSecurity(caFile: notPEM.path))
        }
        #expect(try await sessions.session(for: org) == nil)
    }

    @Test("libcurl's certificate failures are told as an untrusted certificate, with the usual cause in words")
    func certificateFailuresInWords() {
        let url = "https://127.0.0.1:8443/v1/orgs/grace/session"
        #expect(HTTPClient.certificateReason(code: CURLE_PEER_FAILED_VERIFICATION,
                                             detail: "SSL: no alternative certificate subject name matches target host name '127.0.0.1'",
                                             url: url)
                == "it is not made out to 127.0.0.1 (SSL: no alternative certificate subject name matches target host name '127.0.0.1')")
        #expect(HTTPClient.certificateReason(code: CURLE_PEER_FAILED_VERIFICATION,
                                             detail: "SSL certificate problem: unable to get local issuer certificate", url: url)
                == "it is not signed by a certificate authority this console trusts (SSL certificate problem: unable to get local issuer certificate)")
        #expect(HTTPClient.certificateReason(code: CURLE_SSL_CACERT_BADFILE, detail: "error setting certificate file: /x.pem", url: url)
                == "the CA file cannot be read or holds no certificate (error setting certificate file: /x.pem)")

        let signIn = SessionService.signInError(for: .transport(.untrustedCertificate("it has expired")),
                                                url: "https://store.example.org", slug: "grace")
        #expect(signIn == .untrustedCertificate(url: "https://store.example.org", reason: "it has expired"))
        #expect(signIn.message.hasPrefix("The certificate of the store at https://store.example.org is not trusted: it has expired."))
        let sync = SyncEngine.syncError(for: .transport(.untrustedCertificate("it has expired")), url: "https://store.example.org",
                                        slug: "grace")
        #expect(sync == .untrustedCertificate(url: "https://store.example.org", reason: "it has expired"))
        #expect(sync.description.contains("--ca-file"))
        #expect(!HTTPClientError.untrustedCertificate("x").isTransient)
    }
}
