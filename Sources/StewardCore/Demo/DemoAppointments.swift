import Foundation
import GRDB

/// The demo gym's personal training: staff appointments with its five trainers across the
/// mirrored month, between their classes — those already held completed (a few no-shows and a
/// late cancellation), those to come booked or confirmed (a few cancelled). Clients by MindBody
/// id only, as the mirror keeps them. Written by the same mirror code a refresh runs.
enum DemoAppointments {
    /// Hours the demo's trainers teach no class: (hour, minute, minutes).
    static let weekdaySlots = [(8, 0, 60), (10, 45, 60), (14, 0, 60), (15, 30, 45)]
    static let saturdaySlots = [(11, 15, 60), (13, 0, 60)]
    static let sessionTypes = [("7", "Personal Training 60"), ("8", "Intro Session")]

    /// Mirrors the appointments for `source` in the caller's transaction; returns how many.
    @discardableResult
    static func add(source: ScheduleSource, monday: LocalDate, days: Int, reference: Date, zone: TimeZone,
                    _ db: Database) throws -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var random = DemoRandom(seed: 12)
        var appointments: [SourceAppointment] = []
        for offset in 0..<days {
            let slots = switch offset % 7 {
            case 5: saturdaySlots
            case 6: [(Int, Int, Int)]()
            default: weekdaySlots
            }
            for (index, slot) in slots.enumerated() {
                let trainer = (offset + 2 * index) % DemoSchedule.trainers.count
                let start = calendar.date(byAdding: .minute, value: slot.0 * 60 + slot.1, to: monday.adding(days: offset).startOfDay(in: zone))!
                let number = appointments.count
                let held = start < reference
                let status = held
                    ? (number % 6 == 1 ? "NoShow" : number % 10 == 4 ? "LateCancelled" : "Completed")
                    : (number % 7 == 3 ? "Cancelled" : number % 3 == 0 ? "Confirmed" : "Booked")
                let session = sessionTypes[number % 9 == 0 ? 1 : 0]
                appointments.append(SourceAppointment(
                    sourceAppointmentId: String(61_000 + number), startsAt: start,
                    endsAt: start.addingTimeInterval(TimeInterval(slot.2 * 60)), durationMinutes: slot.2, status: status,
                    staffId: String(101 + trainer), staff: DemoSchedule.trainers[trainer],
                    clientId: String(Int.random(in: 100_100...100_400, using: &random)),
                    sessionTypeId: session.0, sessionType: session.1, locationId: "1",
                    notes: number % 8 == 2 ? "Working back from a knee injury: no jumps." : "",
                    isStaffRequested: number % 4 != 0, isFirstAppointment: session.0 == "8", programId: "20"))
            }
        }
        _ = try AppointmentMirror.apply(appointments, source: source, scope: nil, now: reference.addingTimeInterval(-2 * 3600), db)
        return appointments.count
    }
}
