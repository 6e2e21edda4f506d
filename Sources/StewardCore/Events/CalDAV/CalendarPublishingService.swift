import Foundation
import GRDB
import Translation

/// The calendar an organization publishes to from the window: its address and user name (table
/// `calendarPublishing`), the password with the console's credentials (the keyring or the
/// private credentials file, in the API-token slot under a name of its own, as a schedule
/// source's key is), and publishing to it now.
public final class CalendarPublishingService: Sendable {
    public let database: AppDatabase
    private let credentials: (any CredentialStore)?

    public init(database: AppDatabase, credentials: (any CredentialStore)?) {
        self.database = database
        self.credentials = credentials
    }

    /// What is kept for the organization, or nil when it publishes nowhere yet.
    public func settings(for org: Organization) async throws -> CalendarPublishingSettings? {
        try await database.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT url, userName, publishAfterSync FROM calendarPublishing WHERE orgId = ?",
                             arguments: [UUIDColumn.encode(org.id)])
                .map { CalendarPublishingSettings(url: $0["url"], user: $0["userName"], publishesAfterSync: $0["publishAfterSync"]) }
        }
    }

    /// Whether a password is kept for the organization's calendar.
    public func hasPassword(for org: Organization) -> Bool {
        guard let credentials, let key = try? key(for: org) else { return false }
        return (try? credentials.loadAPIToken(key)) != nil
    }

    /// Checks and keeps the address and user name, and the password when one is given (nil
    /// keeps the one kept before). Throws `CalendarPublishingError` (nothing changes) when the
    /// address is not http(s), is plain http:// to another computer, or the password cannot be
    /// kept.
    @discardableResult
    public func save(url: String, user: String, password: String?, for org: Organization) async throws -> CalendarPublishingSettings {
        let collection: String
        do {
            collection = try CalDAVAddress.collection(url)
        } catch let error as CalDAVAddressError {
            throw CalendarPublishingError.address(error.description)
        }
        let user = user.trimmingCharacters(in: .whitespaces)
        if !user.isEmpty, Loopback.isUnencryptedOffLoopback(collection) {
            throw CalendarPublishingError.address(InsecureConnectionError(url: collection).problem)
        }
        if let password, !password.isEmpty {
            guard let credentials else { throw CalendarPublishingError.password(tr("no credential store to keep it in")) }
            do {
                try credentials.saveAPIToken(password, for: try key(for: org))
            } catch {
                throw CalendarPublishingError.password(tr("cannot keep it in {store}: {error}",
                                                          ["store": credentials.displayName, "error": "\(error)"]))
            }
        }
        return try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO calendarPublishing (orgId, url, userName) VALUES (?, ?, ?)
                ON CONFLICT (orgId) DO UPDATE SET url = excluded.url, userName = excluded.userName
                """, arguments: [UUIDColumn.encode(org.id), collection, user])
            let after = try Bool.fetchOne(db, sql: "SELECT publishAfterSync FROM calendarPublishing WHERE orgId = ?",
                                          arguments: [UUIDColumn.encode(org.id)]) ?? false
            return CalendarPublishingSettings(url: collection, user: user, publishesAfterSync: after)
        }
    }

    /// Whether the window publishes after each sync that reached its end. Only for an
    /// organization that has a calendar (`save` first); returns whether it changed.
    @discardableResult
    public func setPublishesAfterSync(_ on: Bool, for org: Organization) async throws -> Bool {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE calendarPublishing SET publishAfterSync = ? WHERE orgId = ?",
                           arguments: [on, UUIDColumn.encode(org.id)])
            return db.changesCount > 0
        }
    }

    /// Publishes the organization's events to its calendar (`CalendarPublisher`). Throws
    /// `CalendarPublishingError.notSet` when it has none, `CalDAVError` when the server cannot be
    /// used.
    public func publish(_ org: Organization, http: HTTPClient = CalDAVClient.uncompressedHTTP) async throws -> CalendarPublishResult {
        guard let settings = try await settings(for: org) else { throw CalendarPublishingError.notSet }
        var password = ""
        if !settings.user.isEmpty, let credentials {
            password = (try? credentials.loadAPIToken(try key(for: org))) ?? ""
        }
        let server = CalDAVClient(collectionURL: settings.url, user: settings.user.isEmpty ? nil : settings.user,
                                  password: password, http: http)
        return try await CalendarPublisher.publish(org, database: database, collectionURL: settings.url, server: server)
    }

    private func key(for org: Organization) throws -> CredentialKey {
        CredentialKey(installation: UUIDColumn.encode(try database.installationId()), orgSlug: "caldav-" + UUIDColumn.encode(org.id))
    }
}

/// The calendar an organization publishes to.
public struct CalendarPublishingSettings: Hashable, Sendable {
    /// The collection's address, as `CalDAVAddress.collection` writes it.
    public var url: String
    /// Empty for a server that asks for none.
    public var user: String
    /// Publish after each sync that reached its end, as well as when asked.
    public var publishesAfterSync = false
}

/// Why the window's calendar could not be kept or used.
public enum CalendarPublishingError: Error, Hashable, Sendable, CustomStringConvertible {
    case notSet
    case address(String)
    case password(String)

    public var description: String {
        switch self {
        case .notSet: tr("no calendar address is set")
        case .address(let problem): problem
        case .password(let problem): tr("the password was not kept: {problem}", ["problem": problem])
        }
    }
}
