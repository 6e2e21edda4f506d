import Foundation
import GtkKit
import StewardCore
import Translation

/// A staff appointment in the trainers view: "Personal training" and its status rather than a
/// class's room and bookings, a plain background with an edge of its own so it never passes for
/// a class, struck through and faded when the session did not happen. It opens the
/// appointment's details (read-only: MindBody owns them).
@MainActor
enum AppointmentEntry {
    static func make(_ appointment: StaffAppointment, zone: TimeZone, open: @escaping @MainActor (StaffAppointment) -> Void) -> Widget {
        let a = appointment.source
        let lines = Box.vertical(spacing: 0)
        let first = Label(ScheduleText.time(a.startsAt, zone: zone) + " " + tr("Personal training"))
        first.addCSSClass("class-name")
        let second = Label(ScheduleText.appointmentStatus(a.kind))
        for label in [first, second] {
            label.xalign = 0
            label.ellipsizesAtEnd = true
            lines.append(label)
        }
        let button = Button(label: "")
        button.setChild(lines)
        button.addCSSClass("appointment-block")
        if a.kind.didNotHappen { button.addCSSClass("cancelled") }
        if appointment.isRemoved { button.addCSSClass("removed") }
        button.setSizeRequest(width: 84, height: -1)
        button.hexpand = true
        let spoken = ScheduleText.spoken(appointment, zone: zone)
        button.setAccessibleLabel(spoken)
        button.tooltip = spoken
        button.onClicked { open(appointment) }
        return button
    }

    /// The appointment's details, read-only.
    static func present(_ appointment: StaffAppointment, zone: TimeZone, parent: Window) {
        let a = appointment.source
        var lines = [
            ScheduleText.dateTime(a.startsAt, zone: zone) + "–" + ScheduleText.time(a.endsAt, zone: zone),
            tr("Trainer: {trainer}", ["trainer": a.staff]),
            tr("Status: {status}", ["status": ScheduleText.appointmentStatus(a.kind)]),
        ]
        if !a.sessionType.isEmpty { lines.append(tr("Session type: {type}", ["type": a.sessionType])) }
        if let client = a.clientId { lines.append(tr("Client: MindBody client #{id}", ["id": client])) }
        if a.isStaffRequested { lines.append(tr("The client asked for this trainer.")) }
        if a.isFirstAppointment { lines.append(tr("The client's first appointment.")) }
        if !a.notes.isEmpty { lines.append(tr("Notes: {notes}", ["notes": a.notes])) }
        if appointment.isRemoved { lines.append(tr("No longer listed by the source.")) }
        lines.append(tr("MindBody owns this appointment: change it there."))
        ScheduleText.explain(tr("Personal training"), lines.joined(separator: "\n"), parent: parent)
    }
}
