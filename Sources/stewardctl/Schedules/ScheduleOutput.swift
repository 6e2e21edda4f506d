import Foundation
import StewardCore
import Translation

/// How schedule sources and classes are printed.
enum ScheduleOutput {
    static func json(_ source: ScheduleSource, zone: TimeZone) -> JSONValue {
        .object([
            "id": .string(source.id.uuidString.lowercased()),
            "kind": .string(source.kind.rawValue),
            "location": .string(source.location),
            "siteId": .optional(source.siteId),
            "addedAt": .string(DateTimeText.iso(source.addedAt, zone: zone)),
            "lastRefreshedAt": source.lastRefreshedAt.map { .string(DateTimeText.iso($0, zone: zone)) } ?? .null,
            "lastCounts": source.lastCounts?.json ?? .null,
            "lastFailedAt": source.lastFailedAt.map { .string(DateTimeText.iso($0, zone: zone)) } ?? .null,
            "lastFailure": .optional(source.lastFailure),
        ])
    }

    /// One row per class: when, what, who, where, how full, and its marks.
    static func table(_ classes: [ScheduledClass], zone: TimeZone) -> [String] {
        guard !classes.isEmpty else { return [tr("No classes in that stretch.")] }
        var table = Table(trc("table heading", "ID"), trc("table heading", "STARTS"), trc("table heading", "CLASS"),
                          trc("table heading", "TRAINER"), trc("table heading", "ROOM"), trc("table heading", "BOOKED"),
                          trc("table heading", "STATUS"), trc("table heading", "NOTE"))
        for scheduled in classes {
            let c = scheduled.source
            var marks: [String] = []
            if c.isCancelled { marks.append(tr("cancelled")) }
            if c.isSubstitute { marks.append(tr("substitute")) }
            if scheduled.isRemoved { marks.append(tr("removed")) }
            if scheduled.isFeatured { marks.append(tr("featured")) }
            let booked = c.maxCapacity.map { "\(c.totalBooked ?? 0)/\($0)" } ?? (c.totalBooked.map(String.init) ?? "")
            table.append(scheduled.id.uuidString.lowercased(), DateTimeText.iso(c.startsAt, zone: zone), c.name, c.trainer,
                         c.room, booked, marks.joined(separator: ", "), scheduled.localNote)
        }
        return table.lines
    }

    /// One row per appointment: when, who, what, the client's MindBody id, the status.
    static func table(_ appointments: [StaffAppointment], zone: TimeZone) -> [String] {
        guard !appointments.isEmpty else { return [tr("No staff appointments in that stretch.")] }
        var table = Table(trc("table heading", "ID"), trc("table heading", "STARTS"), trc("table heading", "TRAINER"),
                          trc("table heading", "SESSION"), trc("table heading", "CLIENT ID"), trc("table heading", "STATUS"))
        for appointment in appointments {
            let a = appointment.source
            var status = a.status
            if appointment.isRemoved { status += ", " + tr("removed") }
            table.append(appointment.id.uuidString.lowercased(), DateTimeText.iso(a.startsAt, zone: zone), a.staff,
                         a.sessionType, a.clientId ?? "", status)
        }
        return table.lines
    }
}
