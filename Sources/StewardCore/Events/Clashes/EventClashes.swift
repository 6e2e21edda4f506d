import Foundation

/// Two occurrences clash when they are at the same place at overlapping times: the hall booked
/// twice. Places are compared as people type them, trimmed and without regard to case; an
/// occurrence without a place never clashes. Times overlap when one starts before the other
/// ends; all-day occurrences take their whole days in the organization's zone. Occurrences of
/// one series never clash with each other (it is one booking that repeats).
public enum EventClashes {
    /// The place as compared: nil when there is none.
    public static func placeKey(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed.folding(options: [.caseInsensitive], locale: nil)
    }

    public static func clash(_ a: EventOccurrence, _ b: EventOccurrence, zone: TimeZone) -> Bool {
        guard a.eventId != b.eventId, let place = placeKey(a.locationName), place == placeKey(b.locationName),
              let x = a.span(zone: zone), let y = b.span(zone: zone) else { return false }
        return overlap(x, y)
    }

    /// For each occurrence that clashes, the others it clashes with (in the order given).
    /// One sweep per place over the occurrences sorted by start: a month of thousands is quick.
    public static func find(in occurrences: [EventOccurrence], zone: TimeZone)
        -> [EventOccurrence.Reference: [EventOccurrence]] {
        var byPlace: [String: [(span: (start: Date, end: Date), index: Int)]] = [:]
        for (index, occurrence) in occurrences.enumerated() {
            guard let place = placeKey(occurrence.locationName), let span = occurrence.span(zone: zone) else { continue }
            byPlace[place, default: []].append((span, index))
        }
        var pairs: [(Int, Int)] = []
        for entries in byPlace.values where entries.count > 1 {
            let sorted = entries.sorted { $0.span.start < $1.span.start }
            // Those still running at each start: only they can overlap what starts next.
            var running: [(span: (start: Date, end: Date), index: Int)] = []
            for entry in sorted {
                running.removeAll { $0.span.end <= entry.span.start && !overlap($0.span, entry.span) }
                for other in running
                where occurrences[other.index].eventId != occurrences[entry.index].eventId && overlap(other.span, entry.span) {
                    pairs.append((other.index, entry.index))
                }
                running.append(entry)
            }
        }
        var found: [EventOccurrence.Reference: [Int]] = [:]
        for (a, b) in pairs {
            found[occurrences[a].reference, default: []].append(b)
            found[occurrences[b].reference, default: []].append(a)
        }
        return found.mapValues { $0.sorted().map { occurrences[$0] } }
    }

    /// The occurrences of `others` that clash with any of `candidates` (a submitted event's),
    /// each once, in the order of `others`.
    public static func clashes(of candidates: [EventOccurrence], with others: [EventOccurrence],
                               zone: TimeZone) -> [EventOccurrence] {
        others.filter { other in candidates.contains { clash($0, other, zone: zone) } }
    }

    /// One starts before the other ends; two that start at one instant overlap even if they
    /// last no time at all.
    static func overlap(_ x: (start: Date, end: Date), _ y: (start: Date, end: Date)) -> Bool {
        (x.start < y.end && y.start < x.end) || x.start == y.start
    }
}
