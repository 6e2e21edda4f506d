import Foundation
import GRDB

/// An organization's connection to its remote store, and the sync state that goes with it.
public struct Remote: Hashable, Sendable {
    public var orgId: UUID
    /// The store's base address, like http://127.0.0.1:8420 (no trailing slash).
    public var url: String
    /// The store's organization slug: the console organization's own.
    public var storeOrg: String
    /// An API token still kept in the database by an older console, until `RemoteTokenMove`
    /// moves it to the credential store; empty otherwise. API tokens (`stewardctl remote set`)
    /// and staff sign-ins are kept by the credential store.
    public var token: String
    /// `<installation id>/<slug>`: one console installation for one organization.
    public var clientId: String
    public var lastAssignedMutationId: Int64
    /// Where the next pull starts; "" for the beginning.
    public var cursor: String
    public var lastSyncAt: Date?
    /// A full pull after `resync-required` is under way.
    public var resyncing: Bool
    /// The store the local records' versions came from (`PullResponse.storeId`); nil until a
    /// pull tells it. Kept across reconnections: an address may change, the store may not.
    public var storeId: String?
    /// The staff member who signs in to this store (nil: the remote uses an API token).
    public var staffEmail: String?
    public var staffRole: StaffRole?
    /// A staff remote whose tokens are kept: false after signing out or a refused refresh.
    public var signedIn: Bool
    /// The person allowed plain http:// to this store although it is another computer.
    public var allowInsecure: Bool
    /// The CA file the store's certificate must chain to (nil: the system's CAs).
    public var caFile: String?

    public init(orgId: UUID, url: String, storeOrg: String, token: String, clientId: String,
                lastAssignedMutationId: Int64 = 0, cursor: String = "", lastSyncAt: Date? = nil,
                resyncing: Bool = false, staffEmail: String? = nil, staffRole: StaffRole? = nil,
                signedIn: Bool = false, security: TransportSecurity = TransportSecurity()) {
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
        self.allowInsecure = security.allowInsecure
        self.caFile = security.caFile
    }

    /// How every request to this store is made.
    public var security: TransportSecurity {
        get { TransportSecurity(allowInsecure: allowInsecure, caFile: caFile) }
        set {
            allowInsecure = newValue.allowInsecure
            caFile = newValue.caFile
        }
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
        storeId = row["storeId"]
        staffEmail = row["staffEmail"]
        staffRole = (row["staffRole"] as String?).flatMap(StaffRole.init(rawValue:))
        signedIn = row["signedIn"]
        allowInsecure = row["allowInsecure"]
        caFile = row["caFile"]
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
        container["storeId"] = storeId
        container["staffEmail"] = staffEmail
        container["staffRole"] = staffRole?.rawValue
        container["signedIn"] = signedIn
        container["allowInsecure"] = allowInsecure
        container["caFile"] = caFile
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
