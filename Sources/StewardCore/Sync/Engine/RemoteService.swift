import Foundation
import GRDB
import Translation

/// Connects organizations to their remote store.
public final class RemoteService: Sendable {
    public let database: AppDatabase
    /// Where API tokens are kept; nil for a service that only reads connections.
    public let credentials: (any CredentialStore)?

    public init(database: AppDatabase, credentials: (any CredentialStore)? = nil) {
        self.database = database
        self.credentials = credentials
    }

    /// Connects `org` to the store at `url` (the store's organization of the same slug), with
    /// `token`, reached as `security` says. Throws `ValidationError` naming `url`, `token` or
    /// `ca-file`, then `InsecureConnectionError` for plain http:// to another computer that
    /// `security` does not allow; nothing changes then. The token goes to the credential store
    /// (before the connection is written, so a connection never points at a token that is not
    /// kept), never to the database. Connecting again keeps the mutation numbering; a
    /// different address or organization restarts the pull from the beginning, since cursors
    /// belong to one store.
    @discardableResult
    public func connect(_ org: Organization, url: String, token: String,
                        security: TransportSecurity = TransportSecurity()) async throws -> Remote {
        let checked = try Self.validatedConnection(url: url, token: token, allowInsecure: security.allowInsecure,
                                                   caFile: security.caFile)
        guard let credentials else {
            throw SyncError.credentialsUnavailable(reason: tr("no credential store to keep the API token in"))
        }
        let installation = try database.installationId()
        let key = CredentialKey(installation: UUIDColumn.encode(installation), orgSlug: org.slug)
        let previous = try? credentials.loadAPIToken(key)
        do {
            try credentials.saveAPIToken(checked.token, for: key)
        } catch {
            throw SyncError.credentialsUnavailable(reason: tr("cannot keep the API token in {store}: {error}",
                                                              ["store": credentials.displayName, "error": "\(error)"]))
        }
        do {
            return try await database.writer.write { db in
                try Self.connect(org, url: checked.url, installation: installation, security: checked.security, db) { _ in }
            }
        } catch {
            // The connection did not change: neither does the token it uses.
            if let previous { try? credentials.saveAPIToken(previous, for: key) } else { try? credentials.deleteAPIToken(key) }
            throw error
        }
    }

    /// Writes the organization's remote row for `url`, keeping what must survive a reconnection:
    /// the mutation numbering always (ids are never given twice for one client id), the pull
    /// cursor only for the same store and organization (cursors belong to one store). `auth`
    /// fills in how the store is reached; the row starts with neither a token nor a staff member.
    static func connect(_ org: Organization, url: String, installation: UUID, security: TransportSecurity,
                        _ db: Database, auth: (inout Remote) -> Void) throws -> Remote {
        var remote = Remote(orgId: org.id, url: url, storeOrg: org.slug, token: "",
                            clientId: "\(UUIDColumn.encode(installation))/\(org.slug)", security: security)
        if let existing = try Remote.fetch(orgId: org.id, db) {
            remote.lastAssignedMutationId = existing.lastAssignedMutationId
            remote.lastSyncAt = existing.lastSyncAt
            remote.storeId = existing.storeId
            if existing.url == remote.url && existing.storeOrg == remote.storeOrg {
                remote.cursor = existing.cursor
                remote.resyncing = existing.resyncing
            }
        }
        auth(&remote)
        try remote.save(db)
        return remote
    }

    public func remote(for org: Organization) async throws -> Remote? {
        try await database.writer.read { db in try Remote.fetch(orgId: org.id, db) }
    }

    /// The API token `remote` syncs with: from the credential store, or still from the
    /// database for a remote whose token has not moved yet. Nil for a staff remote, or when
    /// none is kept.
    public func apiToken(for remote: Remote) throws -> String? {
        guard !remote.usesStaffSignIn else { return nil }
        if !remote.token.isEmpty { return remote.token }
        return try credentials?.loadAPIToken(CredentialKey(remote: remote))
    }

    /// Moves API tokens that older consoles kept in the database to the credential store
    /// (`RemoteTokenMove`). Returns how many moved; a token that cannot move stays where it was
    /// and keeps working.
    @discardableResult
    public func moveTokensToCredentialStore() async -> Int {
        guard let credentials else { return 0 }
        return await RemoteTokenMove.run(database: database, credentials: credentials)
    }

    public func status(for org: Organization) async throws -> SyncStatus {
        try await database.writer.read { db in
            let id = UUIDColumn.encode(org.id)
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql, arguments: [id]) ?? 0 }
            return SyncStatus(
                remote: try Remote.fetch(orgId: org.id, db),
                pending: try count("SELECT COUNT(*) FROM outbox WHERE orgId = ? AND mutationId IS NULL"),
                inFlight: try count("SELECT COUNT(*) FROM outbox WHERE orgId = ? AND mutationId IS NOT NULL"),
                conflicts: try count("SELECT COUNT(*) FROM syncConflict WHERE orgId = ?"),
                deadLetters: try count("SELECT COUNT(*) FROM deadLetter WHERE orgId = ?"))
        }
    }

    /// Checks an address, a token and how the store is to be reached as `connect` does, without
    /// connecting: a `ValidationError` naming `url`, `token` or `ca-file`, then an
    /// `InsecureConnectionError`. Returns them cleaned (the CA file's path made absolute).
    @discardableResult
    public static func validatedConnection(url: String, token: String, allowInsecure: Bool = false,
                                           caFile: String? = nil) throws -> (url: String, token: String, security: TransportSecurity) {
        var issues: [ValidationIssue] = []
        let cleanURL = storeURL(url, issues: &issues)
        let cleanToken = token.trimmingCharacters(in: .whitespacesAndNewlines)
        if cleanToken.isEmpty {
            issues.append(ValidationIssue(field: "token", message: tr("is required")))
        } else if cleanToken.contains(where: { $0.isWhitespace || $0.isNewline || !$0.isASCII }) {
            issues.append(ValidationIssue(field: "token", message: tr("must be one word of printable ASCII characters")))
        }
        let security = issues.isEmpty
            ? ConnectionChecks.security(url: cleanURL, allowInsecure: allowInsecure, caFile: caFile, issues: &issues)
            : TransportSecurity(allowInsecure: allowInsecure, caFile: caFile)
        if !issues.isEmpty { throw ValidationError(issues) }
        try ConnectionChecks.refuseInsecure(url: cleanURL, security: security)
        return (cleanURL, cleanToken, security)
    }

    /// A store's address without its trailing slashes; an issue naming `url` when it is missing
    /// or not an http(s) address without query or fragment.
    static func storeURL(_ url: String, issues: inout [ValidationIssue]) -> String {
        var cleanURL = url.trimmingCharacters(in: .whitespaces)
        while cleanURL.hasSuffix("/") { cleanURL.removeLast() }
        if cleanURL.isEmpty {
            issues.append(ValidationIssue(field: "url", message: tr("is required, like https://store.example.org")))
        } else if !HTTPClient.isHTTPURL(cleanURL) || URLComponents(string: cleanURL)?.query != nil
                    || URLComponents(string: cleanURL)?.fragment != nil {
            issues.append(ValidationIssue(field: "url", message: tr(
                "must be an http:// or https:// address like https://store.example.org (got \"{value}\")", ["value": url])))
        }
        return cleanURL
    }
}
