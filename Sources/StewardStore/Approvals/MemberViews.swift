import Foundation
import StewardCore

/// What a member reads of their own submissions and notifications: no other member's, and of
/// the trail only the moves and reasons (not which staff member decided).
enum MemberViews {
    static func submission(_ record: RemoteRecord) -> JSONValue {
        let submission = SubmissionRecord(fields: record.fields)
        return .object([
            "id": .string(record.id),
            "version": .int(record.version),
            "status": .string(submission.status.rawValue),
            "reason": .string(submission.reason),
            "title": .string(submission.title),
            "submittedAt": submission.fields["submittedAt"] ?? .null,
            "updatedAt": submission.fields["updatedAt"] ?? .null,
            "event": submission.event,
            "trail": .array(submission.trail.map { entry in
                .object(["from": .string(entry.from), "to": .string(entry.to), "at": .string(DateTimeText.utc(entry.at)),
                         "reason": .string(entry.reason)])
            }),
        ])
    }

    static func notification(_ record: RemoteRecord) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for key in ["message", "submission", "title", "status", "at"] { members[key] = record.fields[key] ?? .null }
        members["id"] = .string(record.id)
        return .object(members)
    }

    /// The member's own, newest first (by `field`, a UTC time text, then id).
    static func own(_ records: [RemoteRecord], memberField: String, memberId: String, newestBy field: String) -> [RemoteRecord] {
        records.filter { $0.fields[memberField]?.stringValue == memberId }.sorted { a, b in
            let x = a.fields[field]?.stringValue ?? "", y = b.fields[field]?.stringValue ?? ""
            return x != y ? x > y : a.id > b.id
        }
    }
}
