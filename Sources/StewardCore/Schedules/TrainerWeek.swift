import Foundation

/// Each trainer's week: who teaches what on which day. A class counts for the trainer who
/// teaches it, so a substitute's class sits in the substitute's row (marked), not the usual
/// trainer's. Trainers by name; a class the source names no trainer for goes under "".
/// A trainer's staff appointments (personal training) sit in their row beside their classes.
public struct TrainerWeek: Sendable {
    public struct Row: Sendable {
        public var trainer: String
        /// Seven days from `firstDay`, each day's classes by start.
        public var days: [[ScheduledClass]]
        /// Seven days from `firstDay`, each day's appointments by start.
        public var appointments: [[StaffAppointment]]
        public var classCount: Int { days.reduce(0) { $0 + $1.count } }
        public var appointmentCount: Int { appointments.reduce(0) { $0 + $1.count } }

        /// Day `day`'s classes and appointments in one time order; at the same minute, the
        /// class first.
        public func entries(day: Int) -> [Entry] {
            var entries = days[day].map(Entry.lesson)
            for appointment in appointments[day] {
                let at = entries.firstIndex { $0.startsAt > appointment.source.startsAt } ?? entries.count
                entries.insert(.appointment(appointment), at: at)
            }
            return entries
        }
    }

    /// One entry of a trainer's day.
    public enum Entry: Sendable {
        case lesson(ScheduledClass)
        case appointment(StaffAppointment)

        public var startsAt: Date {
            switch self {
            case .lesson(let scheduled): scheduled.source.startsAt
            case .appointment(let appointment): appointment.source.startsAt
            }
        }
    }

    public let firstDay: LocalDate
    public let rows: [Row]

    public init(_ classes: [ScheduledClass], appointments: [StaffAppointment] = [], firstDay: LocalDate, zone: TimeZone) {
        self.firstDay = firstDay
        let dayStarts = (0...7).map { firstDay.adding(days: $0).startOfDay(in: zone) }
        func dayOf(_ start: Date) -> Int? { (0..<7).first { dayStarts[$0] <= start && start < dayStarts[$0 + 1] } }
        var byTrainer: [String: [[ScheduledClass]]] = [:]
        for scheduled in classes {
            guard let day = dayOf(scheduled.source.startsAt) else { continue }
            byTrainer[scheduled.source.trainer, default: Array(repeating: [], count: 7)][day].append(scheduled)
        }
        var appointmentsByTrainer: [String: [[StaffAppointment]]] = [:]
        for appointment in appointments {
            guard let day = dayOf(appointment.source.startsAt) else { continue }
            appointmentsByTrainer[appointment.source.staff, default: Array(repeating: [], count: 7)][day].append(appointment)
            if byTrainer[appointment.source.staff] == nil { byTrainer[appointment.source.staff] = Array(repeating: [], count: 7) }
        }
        rows = byTrainer.keys.sorted { a, b in
            // The unnamed last; the others by name, any case.
            if a.isEmpty != b.isEmpty { return !a.isEmpty }
            return a.localizedCaseInsensitiveCompare(b) == .orderedAscending
        }.map { trainer in
            Row(trainer: trainer, days: byTrainer[trainer]!.map { day in
                day.sorted { ($0.source.startsAt, $0.source.name) < ($1.source.startsAt, $1.source.name) }
            }, appointments: (appointmentsByTrainer[trainer] ?? Array(repeating: [], count: 7)).map { day in
                day.sorted { ($0.source.startsAt, $0.source.sourceAppointmentId) < ($1.source.startsAt, $1.source.sourceAppointmentId) }
            })
        }
    }
}
