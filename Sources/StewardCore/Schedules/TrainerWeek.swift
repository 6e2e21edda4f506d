import Foundation

/// Each trainer's week: who teaches what on which day. A class counts for the trainer who
/// teaches it, so a substitute's class sits in the substitute's row (marked), not the usual
/// trainer's. Trainers by name; a class the source names no trainer for goes under "".
public struct TrainerWeek: Sendable {
    public struct Row: Sendable {
        public var trainer: String
        /// Seven days from `firstDay`, each day's classes by start.
        public var days: [[ScheduledClass]]
        public var classCount: Int { days.reduce(0) { $0 + $1.count } }
    }

    public let firstDay: LocalDate
    public let rows: [Row]

    public init(_ classes: [ScheduledClass], firstDay: LocalDate, zone: TimeZone) {
        self.firstDay = firstDay
        let dayStarts = (0...7).map { firstDay.adding(days: $0).startOfDay(in: zone) }
        var byTrainer: [String: [[ScheduledClass]]] = [:]
        for scheduled in classes {
            let start = scheduled.source.startsAt
            guard let day = (0..<7).first(where: { dayStarts[$0] <= start && start < dayStarts[$0 + 1] }) else { continue }
            byTrainer[scheduled.source.trainer, default: Array(repeating: [], count: 7)][day].append(scheduled)
        }
        rows = byTrainer.keys.sorted { a, b in
            // The unnamed last; the others by name, any case.
            if a.isEmpty != b.isEmpty { return !a.isEmpty }
            return a.localizedCaseInsensitiveCompare(b) == .orderedAscending
        }.map { trainer in
            Row(trainer: trainer, days: byTrainer[trainer]!.map { day in
                day.sorted { ($0.source.startsAt, $0.source.name) < ($1.source.startsAt, $1.source.name) }
            })
        }
    }
}
