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

    /// Whether an automatic refresh is due: an interval is chosen, there is a source, and the
    /// least recently refreshed source is older than the interval.
    public func isRefreshDue(for org: Organization, now: Date = Date()) async throws -> Bool {
        guard let minutes = try await refreshInterval(for: org) else { return false }
        let sources = try await sources(in: org)
        guard !sources.isEmpty else { return false }
        let oldest = sources.map { $0.lastRefreshedAt ?? .distantPast }.min() ?? .distantPast
        return now.timeIntervalSince(oldest) >= TimeInterval(minutes * 60)
    }
}
