import Foundation

extension TimingField {
    /// A timing as people type it: its kind, a start and an end (times in `zone`, or dates for
    /// all-day), and a zone left empty for the organization's own.
    public struct Typed: Hashable, Sendable {
        public var kind: EventTiming.Kind = .timed
        /// Timed: `2026-12-01 18:00` (or with `T`, or with an offset). All-day: `2026-12-01`.
        public var starts = ""
        /// Like `starts`; empty: an hour after the start (timed), the same day (all-day).
        public var ends = ""
        public var zone = ""

        public init(kind: EventTiming.Kind = .timed, starts: String = "", ends: String = "", zone: String = "") {
            self.kind = kind
            self.starts = starts
            self.ends = ends
            self.zone = zone
        }

        /// What a stored timing value looks like typed, times local to its zone.
        public init(_ value: JSONValue?, organizationZone: TimeZone) {
            self.init()
            guard let timing = TimingField.timing(of: value) else { return }
            kind = timing.kind
            switch timing {
            case .timed(let start, let end, let zoneName):
                let zone = TimeZone(identifier: zoneName) ?? organizationZone
                starts = DateTimeText.local(start, zone: zone)
                ends = DateTimeText.local(end, zone: zone)
                self.zone = zone.identifier == organizationZone.identifier ? "" : zoneName
            case .allDay(let first, let last):
                starts = first.description
                ends = last.description
            case .untimed:
                break
            }
        }

        /// The record's keys as the timing field reads them: the start and end under the keys
        /// of the kind, an end left empty left out (so it takes its default).
        public var keys: [String: JSONValue] {
            var keys: [String: JSONValue] = [kindKey: .string(kind.rawValue), timeZone: .string(zone)]
            let (startKey, endKey) = kind == .allDay ? (startDate, endDate) : (startsAt, endsAt)
            keys[startKey] = .string(starts)
            if !FieldParsers.trimmed(ends).isEmpty { keys[endKey] = .string(ends) }
            return keys
        }

        /// The timing this typing gives, as validation reads it (`zone` for times without one);
        /// nil while it does not read. For what is shown beside it (a repeat rule's summary).
        public func timing(organizationZone zone: TimeZone, limits: TimingLimits) -> EventTiming? {
            var issues = IssueCollector()
            return TimingField.parse(self.keys, limits: limits, zone: zone, issues: &issues)
                .flatMap { TimingField.timing(of: .object($0)) }
        }
    }
}
