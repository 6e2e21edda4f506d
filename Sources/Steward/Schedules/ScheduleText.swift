import Foundation
import GtkKit
import StewardCore
import Translation

/// How the schedule page words classes, days and failures.
@MainActor
enum ScheduleText {
    // Dates in the person's language and clock, as every page writes them (DatePatternText:
    // DateFormatter on Linux follows the C locale, not the one Steward runs in).

    /// "Mon 24 Nov".
    static func day(_ date: LocalDate) -> String {
        DatePatternText.format(date.startOfDay(in: .gmt), "EEE d MMM", zone: .gmt)
    }

    /// "Mon 24": a week grid's column heading.
    static func shortDay(_ date: LocalDate) -> String {
        DatePatternText.format(date.startOfDay(in: .gmt), "EEE d", zone: .gmt)
    }

    static func time(_ date: Date, zone: TimeZone) -> String {
        DatePatternText.format(date, "HH:mm", zone: zone)
    }

    /// "Mon 24 Nov, 18:00".
    static func dateTime(_ date: Date, zone: TimeZone) -> String {
        DatePatternText.format(date, "EEE d MMM, HH:mm", zone: zone)
    }

    /// "11/20 booked", with the waitlist when there is one.
    static func booked(_ c: SourceClass) -> String {
        guard let capacity = c.maxCapacity else { return c.totalBooked.map { tr("{count} booked", ["count": String($0)]) } ?? "" }
        var text = tr("{booked}/{capacity} booked", ["booked": String(c.totalBooked ?? 0), "capacity": String(capacity)])
        if let waitlisted = c.totalWaitlisted, waitlisted > 0 {
            text += " " + tr("(+{count} waiting)", ["count": String(waitlisted)])
        }
        return text
    }

    /// The marks a class carries, in words.
    static func marks(_ scheduled: ScheduledClass) -> [String] {
        var marks: [String] = []
        if scheduled.source.isCancelled { marks.append(tr("cancelled")) }
        if scheduled.source.isSubstitute { marks.append(tr("substitute")) }
        if scheduled.isRemoved { marks.append(tr("no longer listed by the source")) }
        if scheduled.isFeatured { marks.append(tr("featured")) }
        if !scheduled.localNote.isEmpty { marks.append(tr("note: {note}", ["note": scheduled.localNote])) }
        return marks
    }

    /// Everything a block shows, for screen readers and tooltips.
    static func spoken(_ scheduled: ScheduledClass, zone: TimeZone) -> String {
        let c = scheduled.source
        var parts = [c.name, dateTime(c.startsAt, zone: zone) + "–" + time(c.endsAt, zone: zone), c.trainer, c.room, booked(c)]
        parts += marks(scheduled)
        return parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// An appointment's status in words; one this console does not know, as MindBody gives it.
    static func appointmentStatus(_ status: AppointmentStatus) -> String {
        switch status {
        case .booked: trc("appointment status", "Booked")
        case .confirmed: trc("appointment status", "Confirmed")
        case .arrived: trc("appointment status", "Arrived")
        case .completed: trc("appointment status", "Completed")
        case .cancelled: trc("appointment status", "Cancelled")
        case .lateCancelled: trc("appointment status", "Late cancelled")
        case .noShow: trc("appointment status", "No-show")
        case .other(let text): text
        }
    }

    /// Everything an appointment's entry shows, for screen readers and tooltips: "Personal
    /// training", when, who, the session type, the status. No client: they are private.
    static func spoken(_ appointment: StaffAppointment, zone: TimeZone) -> String {
        let a = appointment.source
        var parts = [tr("Personal training"), dateTime(a.startsAt, zone: zone) + "–" + time(a.endsAt, zone: zone), a.staff,
                     a.sessionType, appointmentStatus(a.kind)]
        if appointment.isRemoved { parts.append(tr("no longer listed by the source")) }
        return parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// A list row's line under the class's name: trainer, room, bookings and marks
    /// ("Sam Lee · Studio 2 · 7/12 booked · substitute").
    static func listDetails(_ scheduled: ScheduledClass) -> String {
        let c = scheduled.source
        return ([c.trainer, c.room, booked(c)] + marks(scheduled)).filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// A style class per program, the same program always the same colour.
    static func programStyle(_ program: String) -> String {
        "program-\(programIndex(program))"
    }

    /// The program's colour among six (`ScheduleBlockPainter.programColours`), by a hash of its name.
    static func programIndex(_ program: String) -> Int {
        var hash: UInt32 = 5381
        for byte in program.lowercased().utf8 { hash = hash &* 33 &+ UInt32(byte) }
        return Int(hash % 6)
    }

    /// An error in its own plain words.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as ScheduleRefreshError: error.message
        case let error as ValidationError: error.description
        default: "\(error)"
        }
    }

    /// A dialog saying what went wrong.
    static func explain(_ heading: String, _ message: String, parent: Window) {
        let dialog = MessageDialog(parent: parent, heading: heading, body: message)
        dialog.addResponse("close", tr("_Close"))
        dialog.defaultResponse = "close"
        dialog.closeResponse = "close"
        dialog.present { _ in }
    }
}
