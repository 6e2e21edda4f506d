import Foundation
import GRDB

/// One line of the approval queue: what the list shows and searches, read without parsing the
/// submission's record. Its texts are kept in one string (`line`), taken apart only for the
/// rows on screen.
public struct QueueRow: Hashable, Sendable, Identifiable {
    /// The submission's id, lower-case as stored.
    public let key: String
    public let status: SubmissionStatus
    /// Search words (folded, each after a space), then title, submitter, submitted (UTC text),
    /// starts, place and "1" for a re-review, separated by U+001F.
    let line: String

    static let separator: Character = "\u{1F}"

    public var id: UUID { UUID(uuidString: key) ?? UUID() }

    /// The same row with the status a decision just gave it, shown before the queue is read
    /// again.
    public func withStatus(_ status: SubmissionStatus) -> QueueRow {
        QueueRow(key: key, status: status, line: line)
    }
    public var title: String { part(1) }
    public var submitter: String { part(2) }
    /// UTC text, as stored: sorts as it reads.
    public var submittedAt: String { part(3) }
    public var startsAt: String { part(4) }
    public var place: String { part(5) }
    public var isReReview: Bool { part(6) == "1" }

    private func part(_ index: Int) -> String {
        let parts = line.split(separator: Self.separator, omittingEmptySubsequences: false)
        return index < parts.count ? String(parts[index]) : ""
    }

    static func line(title: String, submitter: String, email: String, submittedAt: String, startsAt: String,
                     place: String, reReview: Bool) -> String {
        let clean = { (text: String) in text.replacingOccurrences(of: String(separator), with: " ") }
        return [ApprovalQueue.searchText([title, submitter, place, email]), clean(title), clean(submitter), submittedAt,
                startsAt, clean(place), reReview ? "1" : "0"].joined(separator: String(separator))
    }
}

/// The queue of a city office's submissions, read in one query and searched in memory: 10,000
/// submissions open and answer each search keystroke within a frame (see steward-bench).
public enum ApprovalQueue {
    /// Every submission of the organization, oldest first, from the lines kept beside the
    /// records (`SubmissionRecordStorage`).
    public static func rows(orgId: UUID, _ db: Database) throws -> [QueueRow] {
        let statement = try db.cachedStatement(sql: """
            SELECT id, status, line FROM submissionLine WHERE orgId = ? ORDER BY submittedAt, id
            """)
        var rows: [QueueRow] = []
        let rowCursor = try Row.fetchCursor(statement, arguments: [UUIDColumn.encode(orgId)])
        while let row = try rowCursor.next() {
            rows.append(QueueRow(key: row[0], status: SubmissionStatus(rawValue: row[1]) ?? .pending, line: row[2]))
        }
        return rows
    }

    /// The rows with one of `statuses` (the queue when nil: pending and changes requested)
    /// whose words start with every word of `search`.
    public static func filter(_ rows: [QueueRow], statuses: Set<SubmissionStatus>? = nil, search: String = "") -> [QueueRow] {
        let wanted = statuses ?? Set(SubmissionStatus.allCases.filter(\.isQueued))
        let typed = words(of: search).map { [UInt8](" \($0)".utf8) }
        return rows.filter { row in
            guard wanted.contains(row.status) else { return false }
            guard !typed.isEmpty else { return true }
            var line = row.line
            return line.withUTF8 { bytes in
                // Only the search words, before the first separator.
                let end = bytes.firstIndex(of: 0x1F) ?? bytes.count
                let words = UnsafeBufferPointer(rebasing: bytes[0..<end])
                return typed.allSatisfy { words.contains(bytes: $0) }
            }
        }
    }

    /// How many wait for a decision: the sidebar's count.
    public static func waiting(orgId: UUID, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM submissionLine WHERE orgId = ? AND status IN ('pending', 'changes-requested')
            """, arguments: [UUIDColumn.encode(orgId)]) ?? 0
    }

    static func words(of text: String) -> [Substring] {
        fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
    }

    /// " word word …" of the texts, folded: a byte search per keystroke instead of comparing
    /// strings, which keeps 10,000 rows within a frame.
    static func searchText(_ texts: [String]) -> String {
        texts.flatMap { words(of: $0) }.map { " " + $0 }.joined()
    }

    /// Lower case without accents; plain ASCII (most names and titles) skips Foundation's
    /// folding, which costs far more.
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

extension ApprovalService {
    public func queueRows(in org: Organization) async throws -> [QueueRow] {
        try await database.writer.read { db in try ApprovalQueue.rows(orgId: org.id, db) }
    }

    public func waitingCount(in org: Organization) async throws -> Int {
        try await database.writer.read { db in try ApprovalQueue.waiting(orgId: org.id, db) }
    }

    /// A submission as stored on this console.
    public func submission(_ id: UUID, in org: Organization) async throws -> LocalRecord? {
        try await RecordService(database: database).record(.submission, id: id, in: org)
    }

    /// The organization's stock reasons, in their order.
    public func stockReasons(in org: Organization) async throws -> [String] {
        try await RecordService(database: database).list(.reason, in: org).compactMap { $0.fields["text"]?.stringValue }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether `needle` occurs in the bytes.
    func contains(bytes needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        let haystack = self
        return needle.withUnsafeBufferPointer { needle in
            let first = needle[0], last = count - needle.count
            var index = 0
            while index <= last {
                if haystack[index] == first {
                    var matched = 1
                    while matched < needle.count && haystack[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }
}
