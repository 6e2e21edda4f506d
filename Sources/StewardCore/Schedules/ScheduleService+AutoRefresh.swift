import Foundation
import GRDB

/// How often the console refreshes an organization's schedule by itself: a choice the owner
/// makes once, kept in this console's settings (another console may choose otherwise).
extension ScheduleService {
    /// The choices offered, in minutes; nil: only when asked.
    public static let refreshIntervals: [Int?] = [nil, 15, 60, 6 * 60, 24 * 60]

    private static func settingKey(_ org: Organization) -> String {
        "scheduleRefreshMinutes:" + UUIDColumn.encode(org.id)
    }

    public func refreshInterval(for org: Organization) async throws -> Int? {
        try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM consoleSetting WHERE key = ?", arguments: [Self.settingKey(org)])
                .flatMap { Int($0) }
        }
    }

    public func setRefreshInterval(_ minutes: Int?, for org: Organization) async throws {
        try await database.writer.write { db in
            if let minutes, minutes > 0 {
                try db.execute(sql: "INSERT OR REPLACE INTO consoleSetting (key, value) VALUES (?, ?)",
                               arguments: [Self.settingKey(org), String(minutes)])
            } else {
                try db.execute(sql: "DELETE FROM consoleSetting WHERE key = ?", arguments: [Self.settingKey(org)])
            }
        }
    }

    /// Whether an automatic refresh is due: an interval is chosen and some source is due.
    public func isRefreshDue(for org: Organization, now: Date = Date()) async throws -> Bool {
        try await !sourcesDue(for: org, now: now).isEmpty
    }

    /// The sources an automatic refresh asks now, each on its own: with an interval chosen,
    /// those last tried (refreshed or failed) longer ago than the interval, or never. A source
    /// that fails waits the interval like the others, rather than being asked every minute.
    public func sourcesDue(for org: Organization, now: Date = Date()) async throws -> [ScheduleSource] {
        guard let minutes = try await refreshInterval(for: org) else { return [] }
        return try await sources(in: org).filter { source in
            now.timeIntervalSince(source.lastTriedAt ?? .distantPast) >= TimeInterval(minutes * 60)
        }
    }
}
