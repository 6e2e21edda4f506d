import Foundation
import GRDB

/// An organization's connection to its remote store, and the sync state that goes with it.
public struct Remote: Hashable, Sendable {
    public var orgId: UUID
    /// The store's base address, like http://127.0.0.1:8420 (no trailing slash).
    public var url: String
    /// The store's organization slug: the console organization's own.
    public var storeOrg: String
    /// The API token (`stewardctl remote set --token`); empty for a staff sign-in, whose tokens
    /// are kept by the credential store.
    public var token: String
    /// `<installation id>/<slug>`: one console installation for one organization.
    public var clientId: String
    public var lastAssignedMutationId: Int64
    /// Where the next pull starts; "" for the beginning.
    public var cursor: String
    public var lastSyncAt: Date?
    /// A full pull after `resync-required` is under way.
    public var resyncing: Bool
    /// The staff member who signs in to this store (nil: the remote uses an API token).
    public var staffEmail: String?
    public var staffRole: StaffRole?
    /// A staff remote whose tokens are kept: false after signing out or a refused refresh.
    public var signedIn: Bool

    public init(orgId: UUID, url: String, storeOrg: String, token: String, clientId: String,
                lastAssignedMutationId: Int64 = 0, cursor: String = "", lastSyncAt: Date? = nil,
                resyncing: Bool = false, staffEmail: String? = nil, staffRole: StaffRole? = nil,
                signedIn: Bool = false) {
        self.orgId = orgId
        self.url = url
        self.storeOrg = storeOrg
        self.token = token
        self.clientId = clientId
        self.lastAssignedMutationId = lastAssignedMutationId
        self.cursor = cursor
        self.lastSyncAt = lastSyncAt
        self.resyncing = resyncing
        self.staffEmail = staffEmail
        self.staffRole = staffRole
        self.signedIn = signedIn
    }

    /// Whether the store is reached as a signed-in staff member rather than with an API token.
    public var usesStaffSignIn: Bool { staffEmail != nil }

    /// The address of one of the store's organization endpoints (`push`, `changes`).
    public func endpoint(_ name: String) -> String {
        let slug = storeOrg.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? storeOrg
        return "\(url)/v1/orgs/\(slug)/\(name)"
    }
}

extension Remote: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "remote"

    public init(row: Row) throws {
        orgId = try UUIDColumn.decode(row["orgId"])
        url = row["url"]
        storeOrg = row["storeOrg"]
        token = row["token"]
        clientId = row["clientId"]
        lastAssignedMutationId = row["lastAssignedMutationId"]
        cursor = row["cursor"]
        lastSyncAt = row["lastSyncAt"]
        resyncing = row["resyncing"]
        staffEmail = row["staffEmail"]
        staffRole = (row["staffRole"] as String?).flatMap(StaffRole.init(rawValue:))
        signedIn = row["signedIn"]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["orgId"] = UUIDColumn.encode(orgId)
        container["url"] = url
        container["storeOrg"] = storeOrg
        container["token"] = token
        container["clientId"] = clientId
        container["lastAssignedMutationId"] = lastAssignedMutationId
        container["cursor"] = cursor
        container["lastSyncAt"] = lastSyncAt
        container["resyncing"] = resyncing
        container["staffEmail"] = staffEmail
        container["staffRole"] = staffRole?.rawValue
        container["signedIn"] = signedIn
    }

    static func fetch(orgId: UUID, _ db: Database) throws -> Remote? {
        try Remote.fetchOne(db, sql: "SELECT * FROM remote WHERE orgId = ?", arguments: [UUIDColumn.encode(orgId)])
    }
}

/// Where an organization's sync stands, for `remote show` and the window.
public struct SyncStatus: Hashable, Sendable {
    public var remote: Remote?
    /// Local changes not yet sent.
    public var pending: Int
    /// Changes sent (mutation id given) whose answer has not been applied yet.
    public var inFlight: Int
    public var conflicts: Int
    public var deadLetters: Int
}

/// Connects organizations to their remote store.
public final class RemoteService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Connects `org` to the store at `url` (the store's organization of the same slug), with
    /// `token`. Throws `ValidationError` naming `url` or `token`. Connecting again keeps the
    /// mutation numbering; a different address or organization restarts the pull from the
    /// beginning, since cursors belong to one store.
    @discardableResult
    public func connect(_ org: Organization, url: String, token: String) async throws -> Remote {
        let (cleanURL, cleanToken) = try Self.validated(url: url, token: token)
        let installation = try database.installationId()
        return try await database.writer.write { db in
            try Self.connect(org, url: cleanURL, installation: installation, db) { remote in
                remote.token = cleanToken
            }
        }
    }

    /// Writes the organization's remote row for `url`, keeping what must survive a reconnection:
    /// the mutation numbering always (ids are never given twice for one client id), the pull
    /// cursor only for the same store and organization (cursors belong to one store). `auth`
    /// fills in how the store is reached; the row starts with neither a token nor a staff member.
    static func connect(_ org: Organization, url: String, installation: UUID, _ db: Database,
                        auth: (inout Remote) -> Void) throws -> Remote {
        var remote = Remote(orgId: org.id, url: url, storeOrg: org.slug, token: "",
                            clientId: "\(UUIDColumn.encode(installation))/\(org.slug)")
        if let existing = try Remote.fetch(orgId: org.id, db) {
            remote.lastAssignedMutationId = existing.lastAssignedMutationId
            remote.lastSyncAt = existing.lastSyncAt
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

    /// Checks an address and a token as `connect` does (a `ValidationError` naming `url` or
    /// `token`), without connecting.
    @discardableResult
    public static func validatedConnection(url: String, token: String) throws(ValidationError) -> (url: String, token: String) {
        try validated(url: url, token: token)
    }

    /// The address without a trailing slash, and the token trimmed; both required.
    static func validated(url: String, token: String) throws(ValidationError) -> (String, String) {
        var issues: [ValidationIssue] = []
        let cleanURL = storeURL(url, issues: &issues)
        let cleanToken = token.trimmingCharacters(in: .whitespacesAndNewlines)
        if cleanToken.isEmpty {
            issues.append(ValidationIssue(field: "token", message: "is required"))
        } else if cleanToken.contains(where: { $0.isWhitespace || $0.isNewline || !$0.isASCII }) {
            issues.append(ValidationIssue(field: "token", message: "must be one word of printable ASCII characters"))
        }
        if !issues.isEmpty { throw ValidationError(issues) }
        return (cleanURL, cleanToken)
    }

    /// A store's address without its trailing slashes; an issue naming `url` when it is missing
    /// or not an http(s) address without query or fragment.
    static func storeURL(_ url: String, issues: inout [ValidationIssue]) -> String {
        var cleanURL = url.trimmingCharacters(in: .whitespaces)
        while cleanURL.hasSuffix("/") { cleanURL.removeLast() }
        if cleanURL.isEmpty {
            issues.append(ValidationIssue(field: "url", message: "is required, like http://127.0.0.1:8420"))
        } else if !HTTPClient.isHTTPURL(cleanURL) || URLComponents(string: cleanURL)?.query != nil
                    || URLComponents(string: cleanURL)?.fragment != nil {
            issues.append(ValidationIssue(field: "url", message: "must be an http:// or https:// address like https://store.example.org (got \"\(url)\")"))
        }
        return cleanURL
    }
}
