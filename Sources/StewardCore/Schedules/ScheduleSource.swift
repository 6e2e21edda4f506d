import Foundation
import GRDB
import Translation

/// Where a gym's timetable comes from.
public enum ScheduleSourceKind: String, CaseIterable, Codable, Sendable {
    /// MindBody's Public API v6, read page by page.
    case mindbody
    /// An iCalendar feed, by URL or from a file.
    case ical
    /// A saved MindBody response: v6 JSON or a SOAP v5 `GetClasses` XML answer.
    case file

    public var title: String {
        switch self {
        case .mindbody: tr("MindBody")
        case .ical: tr("iCalendar feed")
        case .file: tr("Saved file")
        }
    }
}

/// One schedule source of an organization. The MindBody API key is not in here: it is kept in
/// the credential store (`ScheduleSourceKey`), never in the database.
public struct ScheduleSource: Hashable, Sendable, Identifiable {
    public var id: UUID
    public var orgId: UUID
    public var kind: ScheduleSourceKind
    /// The API's base URL (MindBody), the feed's URL or file path (iCalendar), the file's path.
    public var location: String
    /// MindBody's site id.
    public var siteId: String?
    public var addedAt: Date
    public var lastRefreshedAt: Date?
    /// What the last successful refresh changed.
    public var lastCounts: RefreshCounts?
    /// When a refresh of it last failed, and why (nothing of it changed then), until a refresh
    /// of it succeeds again.
    public var lastFailedAt: Date?
    public var lastFailure: String?

    public init(id: UUID = UUID(), orgId: UUID, kind: ScheduleSourceKind, location: String, siteId: String? = nil,
                addedAt: Date = Date(), lastRefreshedAt: Date? = nil, lastCounts: RefreshCounts? = nil,
                lastFailedAt: Date? = nil, lastFailure: String? = nil) {
        self.id = id
        self.orgId = orgId
        self.kind = kind
        self.location = location
        self.siteId = siteId
        self.addedAt = addedAt
        self.lastRefreshedAt = lastRefreshedAt
        self.lastCounts = lastCounts
        self.lastFailedAt = lastFailedAt
        self.lastFailure = lastFailure
    }

    /// When a refresh of it was last tried, whether it succeeded or failed: the automatic
    /// refresh waits its interval from then, so a failing source is not asked every minute.
    public var lastTriedAt: Date? {
        switch (lastRefreshedAt, lastFailedAt) {
        case let (refreshed?, failed?): max(refreshed, failed)
        case let (refreshed, failed): refreshed ?? failed
        }
    }

    /// A line for people: "MindBody https://api.example.com (site 12345)".
    public var label: String {
        switch kind {
        case .mindbody:
            tr("MindBody {url} (site {site})", ["url": location, "site": siteId ?? ""])
        case .ical:
            tr("iCalendar {location}", ["location": location])
        case .file:
            tr("File {path}", ["path": location])
        }
    }
}

extension ScheduleSource: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "scheduleSource"

    public init(row: Row) throws {
        id = try UUIDColumn.decode(row["id"])
        orgId = try UUIDColumn.decode(row["orgId"])
        kind = ScheduleSourceKind(rawValue: row["kind"]) ?? .file
        location = row["location"]
        siteId = row["siteId"]
        addedAt = row["addedAt"]
        lastRefreshedAt = row["lastRefreshedAt"]
        let counts: String? = row["lastCounts"]
        lastCounts = counts.flatMap { try? JSONDecoder().decode(RefreshCounts.self, from: Data($0.utf8)) }
        lastFailedAt = row["lastFailedAt"]
        lastFailure = row["lastFailure"]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = UUIDColumn.encode(id)
        container["orgId"] = UUIDColumn.encode(orgId)
        container["kind"] = kind.rawValue
        container["location"] = location
        container["siteId"] = siteId
        container["addedAt"] = addedAt
        container["lastRefreshedAt"] = lastRefreshedAt
        container["lastCounts"] = try lastCounts.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        container["lastFailedAt"] = lastFailedAt
        container["lastFailure"] = lastFailure
    }
}

/// Where a MindBody source's API key is kept: the credential store's API-token slot, under a
/// name of its own so it never touches the organization's store token.
public enum ScheduleSourceKey {
    public static func credentialKey(installation: UUID, source: ScheduleSource) -> CredentialKey {
        CredentialKey(installation: UUIDColumn.encode(installation),
                      orgSlug: "schedule-" + UUIDColumn.encode(source.id))
    }
}
