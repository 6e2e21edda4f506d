import Foundation
import Translation

/// What a publish to a CalDAV calendar did: the events added, updated and removed, how many
/// were left alone, and those not published, each with the reason.
public struct CalendarPublishResult: Hashable, Sendable {
    /// An event the run could not publish or remove.
    public struct Problem: Hashable, Sendable {
        public var id: UUID
        public var title: String
        /// Why, in plain words.
        public var reason: String
    }

    public var collectionURL: String
    public var added: [UUID] = []
    public var updated: [UUID] = []
    public var removed: [UUID] = []
    public var unchanged = 0
    /// Changed or removed on the server since the last publish (412): left as the server has
    /// them; `force` overwrites.
    public var conflicts: [Problem] = []
    /// Refused by the server for another reason (its status).
    public var failures: [Problem] = []

    public init(collectionURL: String) {
        self.collectionURL = collectionURL
    }

    /// Whether every event is as the organization has it.
    public var succeeded: Bool { conflicts.isEmpty && failures.isEmpty }

    /// "Published to URL: 3 added, 1 updated, 2 removed, 40 unchanged".
    public var summary: String {
        tr("Published to {url}: {added} added, {updated} updated, {removed} removed, {unchanged} unchanged",
           ["url": collectionURL, "added": String(added.count), "updated": String(updated.count),
            "removed": String(removed.count), "unchanged": String(unchanged)])
    }

    /// One line per event not published.
    public var problemLines: [String] {
        conflicts.map { tr("changed on the calendar server since the last publish: {title} ({id})", ["title": $0.title, "id": $0.id.lowercased]) }
            + failures.map { tr("not published: {title} ({id}): {reason}", ["title": $0.title, "id": $0.id.lowercased, "reason": $0.reason]) }
    }

    /// `{"added":[ids],"updated":[...],"removed":[...],"unchanged":count,
    /// "conflicts":[{"id":..,"title":..}],"failures":[{"id":..,"title":..,"reason":..}],"url":..}`.
    public var json: JSONValue {
        func ids(_ list: [UUID]) -> JSONValue { .array(list.map { .string($0.lowercased) }) }
        return .object([
            "url": .string(collectionURL),
            "added": ids(added), "updated": ids(updated), "removed": ids(removed),
            "unchanged": .int(Int64(unchanged)),
            "conflicts": .array(conflicts.map { .object(["id": .string($0.id.lowercased), "title": .string($0.title)]) }),
            "failures": .array(failures.map {
                .object(["id": .string($0.id.lowercased), "title": .string($0.title), "reason": .string($0.reason)])
            }),
        ])
    }
}

private extension UUID {
    var lowercased: String { uuidString.lowercased() }
}
