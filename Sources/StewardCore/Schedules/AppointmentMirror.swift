import Foundation
import GRDB

/// Writes the staff appointments a source listed into the mirror, in the caller's transaction
/// (the refresh's, with the classes): keyed by source and MindBody's id, ones the source no
/// longer lists within `scope` marked removed (kept, shown). Appointments stay in this console:
/// nothing is served to the apps.
enum AppointmentMirror {
    /// Returns how many appointments changed: new ones, changed ones (a removed one listed again
    /// included) and ones newly marked removed.
    static func apply(_ incoming: [SourceAppointment], source: ScheduleSource, scope: DateInterval?, now: Date,
                      _ db: Database) throws -> Int {
        struct Held { var id: String; var source: SourceAppointment; var isRemoved: Bool }
        var held: [String: Held] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM staffAppointment WHERE sourceId = ?",
                                       arguments: [UUIDColumn.encode(source.id)])
        while let row = try rows.next() {
            let appointment = StaffAppointment.decodeSource(row)
            held[appointment.sourceAppointmentId] = Held(id: row["id"], source: appointment, isRemoved: row["isRemoved"])
        }

        let columns = StaffAppointment.sourceColumns
        let insert = try db.cachedStatement(sql: """
            INSERT INTO staffAppointment (id, orgId, sourceId, \(columns.joined(separator: ", ")), isRemoved, firstSeenAt, changedAt)
            VALUES (?, ?, ?, \(columns.map { _ in "?" }.joined(separator: ", ")), 0, ?, ?)
            """)
        let update = try db.cachedStatement(sql: """
            UPDATE staffAppointment SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")), isRemoved = 0, changedAt = ?
            WHERE id = ?
            """)
        let orgId = UUIDColumn.encode(source.orgId)
        let sourceId = UUIDColumn.encode(source.id)
        // A source listing the same appointment twice: its last word counts.
        var latest: [String: SourceAppointment] = [:]
        for appointment in incoming { latest[appointment.sourceAppointmentId] = appointment }
        var changed = 0
        for (key, appointment) in latest {
            let values = StaffAppointment.sourceValues(appointment).map { $0?.databaseValue ?? .null }
            if let before = held[key] {
                guard before.source != appointment || before.isRemoved else { continue }
                try update.execute(arguments: StatementArguments(values + [now.databaseValue, before.id.databaseValue]))
            } else {
                let id = UUIDColumn.encode(AppointmentIdentity.id(sourceId: source.id, sourceAppointmentId: key))
                try insert.execute(arguments: StatementArguments(
                    [id.databaseValue, orgId.databaseValue, sourceId.databaseValue] + values + [now.databaseValue, now.databaseValue]))
            }
            changed += 1
        }
        let remove = try db.cachedStatement(sql: "UPDATE staffAppointment SET isRemoved = 1, changedAt = ? WHERE id = ?")
        for (key, before) in held where !before.isRemoved && latest[key] == nil {
            if let scope, !scope.contains(before.source.startsAt) { continue }
            try remove.execute(arguments: [now, before.id])
            changed += 1
        }
        return changed
    }
}
