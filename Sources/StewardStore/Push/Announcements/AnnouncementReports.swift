import Foundation
import StewardCore

/// Writes what became of a sent announcement to its `announcementReport` record (same id),
/// as a change the store makes: staff see the counts after their next pull.
enum AnnouncementReports {
    /// Shown as the change's author in the history.
    static let author = "store:push"

    static func write(_ report: PushReport, announcementId: String, repository: any StoreRepository, now: Date) async throws {
        let fields = self.fields(report)
        let key = RecordKey(entity: RecordType.announcementReport.entity, id: announcementId)
        _ = try await repository.change(org: report.org, keys: [key], author: author, now: now) { writer in
            // Unchanged counts (another process wrote the same a moment ago) make no new version.
            if writer.liveFields(key.entity, key.id) == fields { return false }
            try writer.write(key.entity, key.id, fields: fields)
            return true
        }
    }

    static func fields(_ report: PushReport) -> JSONValue {
        var fields: [String: JSONValue] = [
            "devices": .int(Int64(report.devices)), "delivered": .int(Int64(report.delivered)),
            "failed": .int(Int64(report.failed)), "removed": .int(Int64(report.removed)),
            "pending": .int(Int64(report.pending)),
        ]
        fields["sentAt"] = report.sentAt.map { .string(DateTimeText.utc($0)) } ?? .null
        return .object(fields)
    }
}
