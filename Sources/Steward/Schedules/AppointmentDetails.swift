import Foundation
import GtkKit
import StewardCore
import Translation

/// A staff appointment's details (personal training, from MindBody), opened from the trainers
/// view: read-only, since MindBody owns them.
@MainActor
enum AppointmentDetails {
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
