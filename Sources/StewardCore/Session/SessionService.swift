import Foundation
import GRDB
import Translation

/// Staff sign-in: connects an organization to its store as a staff member, keeps the store's
/// tokens in a credential store (never the password, never the database), and signs out.
public final class SessionService: Sendable {
    public let database: AppDatabase
    public let credentials: any CredentialStore
    let transport: any SessionTransport

    /// `transport` speaks the session requests; by default, HTTP with `http`'s options.
    public init(database: AppDatabase, credentials: any CredentialStore, transport: (any SessionTransport)? = nil,
                http: HTTPClientOptions = HTTPClientOptions()) {
        self.database = database
        self.credentials = credentials
        self.transport = transport ?? HTTPSessionTransport(client: HTTPClient(options: http))
    }

    /// Signs `email` in to the store at `url`, for `org` (the store's organization of the same
    /// slug), reached as `security` says. Throws `ValidationError` naming `url`, `email`,
    /// `password` or `ca-file`, then `InsecureConnectionError` for plain http:// to another
    /// computer that `security` does not allow, before anything is sent; `SignInError` when the
    /// store refuses or cannot be reached; either way nothing is stored. On success the
    /// organization's remote is this store, reached as this staff member with this security
    /// (the mutation numbering is kept, and the pull cursor when the store is the same), and the
    /// outbox is sent at the next sync.
    @discardableResult
    public func signIn(org: Organization, url: String, email: String, password: String,
                       security requested: TransportSecurity = TransportSecurity()) async throws -> StaffSession {
        let (cleanURL, cleanEmail, security) = try Self.validated(url: url, email: email, password: password,
                                                                  security: requested)
        let tokens: SessionTokens
        do {
            tokens = try await transport.signIn(url: cleanURL, security: security, org: org.slug,
                                                SignInRequest(email: cleanEmail, password: password))
        } catch {
            throw Self.signInError(for: error, url: cleanURL, slug: org.slug)
        }
        return try await keep(tokens, for: org, url: cleanURL, security: security)
    }

    /// Keeps a session the store has just opened as the organization's sign-in: the tokens in
    /// the credential store, the remote pointed at the store as this staff member (see `signIn`).
    /// A session it replaces is ended on its store; on failure the new one is ended there and
    /// nothing is kept.
    func keep(_ tokens: SessionTokens, for org: Organization, url cleanURL: String,
              security: TransportSecurity) async throws -> StaffSession {
        let installation = try await database.writer.read { db in try AppDatabase.installationId(db) }
        let key = CredentialKey(installation: UUIDColumn.encode(installation), orgSlug: org.slug)
        // Signing in again (another member, another store): the session it replaces ends too.
        let replaced = try? credentials.load(key)
        // The security the replaced session's store was reached with, to close it there.
        let replacedSecurity = try await database.writer.read { db in try Remote.fetch(orgId: org.id, db)?.security }
        do {
            try credentials.save(SessionCredentials(url: cleanURL, tokens: tokens), for: key)
        } catch {
            await closeOnStore(url: cleanURL, security: security, slug: org.slug, accessToken: tokens.accessToken)
            throw SignInError.credentialsNotSaved(reason: tr("{store}: {error}", ["store": credentials.displayName, "error": "\(error)"]))
        }
        do {
            try await database.writer.write { db in
                _ = try RemoteService.connect(org, url: cleanURL, installation: installation, security: security, db) { remote in
                    remote.staffEmail = tokens.email
                    remote.staffRole = tokens.role
                    remote.signedIn = true
                }
            }
        } catch {
            try? credentials.delete(key)
            await closeOnStore(url: cleanURL, security: security, slug: org.slug, accessToken: tokens.accessToken)
            throw error
        }
        // An API token the organization synced with before is no longer used: not kept either.
        try? credentials.deleteAPIToken(key)
        if let replaced, replaced.accessToken != tokens.accessToken {
            await closeOnStore(url: replaced.url, security: replacedSecurity ?? TransportSecurity(), slug: org.slug,
                               accessToken: replaced.accessToken)
        }
        return StaffSession(orgId: org.id, email: tokens.email, role: tokens.role, url: cleanURL)
    }

    /// Signs the organization's staff member out: the store is asked to end the session (when it
    /// cannot be reached, the tokens simply expire there), then the tokens are forgotten here.
    /// The outbox is kept, to be sent after the next sign-in. Returns whether someone was
    /// signed in.
    @discardableResult
    public func signOut(org: Organization) async throws -> Bool {
        guard let remote = try await database.writer.read({ db in try Remote.fetch(orgId: org.id, db) }),
              remote.usesStaffSignIn else { return false }
        let key = CredentialKey(remote: remote)
        if let kept = try? credentials.load(key), kept.url == remote.url {
            var accessToken = kept.accessToken
            // An expired access token cannot end the session: renew it first (the renewed pair
            // dies with the session, so it is not kept).
            if kept.accessTokenNeedsRenewal(),
               let renewed = try? await transport.refresh(url: remote.url, security: remote.security, org: remote.storeOrg,
                                                          RefreshRequest(refreshToken: kept.refreshToken)) {
                accessToken = renewed.accessToken
            }
            await closeOnStore(url: remote.url, security: remote.security, slug: remote.storeOrg, accessToken: accessToken)
        }
        do {
            try credentials.delete(key)
        } catch {
            throw SyncError.credentialsUnavailable(reason: tr("cannot forget the sign-in in {store}: {error}",
                                                              ["store": credentials.displayName, "error": "\(error)"]))
        }
        try await database.writer.write { db in
            try Self.markSignedOut(orgId: org.id, db)
        }
        return remote.signedIn
    }

    /// Who is signed in to the organization's store from this console, if anyone.
    public func session(for org: Organization) async throws -> StaffSession? {
        try await database.writer.read { db in try Self.session(orgId: org.id, db) }
    }

    static func session(orgId: UUID, _ db: Database) throws -> StaffSession? {
        guard let remote = try Remote.fetch(orgId: orgId, db), remote.signedIn,
              let email = remote.staffEmail, let role = remote.staffRole else { return nil }
        return StaffSession(orgId: orgId, email: email, role: role, url: remote.url)
    }

    /// The bearer tokens for syncing with `remote`: its API token, or the signed-in staff
    /// member's access token (renewed as needed; a refused renewal signs the console out).
    public func tokenProvider(for remote: Remote) -> any AccessTokenProvider {
        Self.tokenProvider(for: remote, credentials: credentials, transport: transport, database: database)
    }

    static func tokenProvider(for remote: Remote, credentials: (any CredentialStore)?, transport: any SessionTransport,
                              database: AppDatabase) -> any AccessTokenProvider {
        guard remote.usesStaffSignIn else {
            // Still in the database (not moved to the credential store yet): it works from there.
            if !remote.token.isEmpty { return FixedTokenProvider(remote.token) }
            guard let credentials else {
                return UnavailableTokenProvider(reason: tr("no credential store to read the API token from"))
            }
            return StoredAPITokenProvider(key: CredentialKey(remote: remote), credentials: credentials)
        }
        guard remote.signedIn, let credentials else { return SignedOutTokenProvider() }
        let orgId = remote.orgId
        return StaffTokenProvider(
            url: remote.url, security: remote.security, orgSlug: remote.storeOrg, key: CredentialKey(remote: remote),
            credentials: credentials, transport: transport,
            onSignedOut: {
                _ = try? await database.writer.write { db in try Self.markSignedOut(orgId: orgId, db) }
            })
    }

    static func markSignedOut(orgId: UUID, _ db: Database) throws {
        try db.execute(sql: "UPDATE remote SET signedIn = 0 WHERE orgId = ?", arguments: [UUIDColumn.encode(orgId)])
    }

    private func closeOnStore(url: String, security: TransportSecurity, slug: String, accessToken: String) async {
        try? await transport.signOut(url: url, security: security, org: slug, accessToken: accessToken)
    }

    // MARK: Input and answers

    /// The address without trailing slashes, the email trimmed and the security checked (its
    /// CA file made absolute); the password as typed. Plain http:// to another computer that
    /// `security` does not allow is refused last, once the rest is right.
    static func validated(url: String, email: String, password: String,
                          security requested: TransportSecurity = TransportSecurity()) throws -> (String, String, TransportSecurity) {
        var issues: [ValidationIssue] = []
        let cleanURL = RemoteService.storeURL(url, issues: &issues)
        let urlIsValid = issues.isEmpty
        var cleanEmail = ""
        do {
            if let parsed = try FieldParsers.email(email) {
                cleanEmail = parsed
            } else {
                issues.append(ValidationIssue(field: "email", message: tr("is required: the email you sign in to the store with")))
            }
        } catch {
            issues.append(ValidationIssue(field: "email", message: error.message))
        }
        if password.isEmpty {
            issues.append(ValidationIssue(field: "password", message: tr("is required")))
        } else if password.contains(where: \.isNewline) {
            issues.append(ValidationIssue(field: "password", message: tr("must be on one line")))
        }
        let security = urlIsValid
            ? ConnectionChecks.security(url: cleanURL, allowInsecure: requested.allowInsecure, caFile: requested.caFile,
                                        issues: &issues)
            : requested
        if !issues.isEmpty { throw ValidationError(issues) }
        try ConnectionChecks.refuseInsecure(url: cleanURL, security: security)
        return (cleanURL, cleanEmail, security)
    }

    static func signInError(for error: SyncTransportError, url: String, slug: String) -> SignInError {
        switch error {
        case .transport(.untrustedCertificate(let reason)):
            return .untrustedCertificate(url: url, reason: reason)
        case .transport(.credentialsOverPlainHTTP):
            return .insecureConnection(url: url)
        case .transport(let failure):
            return .storeUnreachable(url: url, reason: failure.description)
        case .status(let status, _) where status >= 500:
            return .storeUnreachable(url: url, reason: tr("it answered {status}, try again later", ["status": String(status)]))
        case .status(_, nil), .invalidResponse:
            // A Steward store answers every error with its JSON error body.
            return .notAStewardStore(url: url)
        case .status(401, _):
            return .wrongCredentials
        case .status(429, let body?):
            // Clamped: it is the store's number, and the message does arithmetic on it.
            return .tooManyAttempts(retryAfter: min(max(body.retryAfter ?? 60, 1), 86_400))
        case .status(404, _):
            return .unknownOrganization(url: url, slug: slug)
        case .status(_, let body?):
            return .refused(url: url, message: body.message)
        case .signedOut, .credentialsUnavailable:
            return .refused(url: url, message: "\(error)")
        }
    }
}

/// A staff remote whose session is over: every request fails with `signedOut`.
struct SignedOutTokenProvider: AccessTokenProvider {
    func token() async throws(SyncTransportError) -> String { throw .signedOut }
    func renewed(after rejected: String) async throws(SyncTransportError) -> String? { throw .signedOut }
}

extension CredentialKey {
    /// The key of a remote's sign-in: its client id is `<installation id>/<slug>`.
    public init(remote: Remote) {
        let installation = remote.clientId.split(separator: "/").first.map(String.init) ?? remote.clientId
        self.init(installation: installation, orgSlug: remote.storeOrg)
    }
}
