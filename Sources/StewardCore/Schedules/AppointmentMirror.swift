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
        var changed = 0
        try SourceMirror<StaffAppointment>.apply(incoming, sourceId: source.id, orgId: source.orgId, scope: scope,
                                                 now: now, db) { _ in changed += 1 }
        return changed
    }
}

extension StaffAppointment: SourceMirrorTable {
    static func sourceKey(of listed: SourceAppointment) -> String { listed.sourceAppointmentId }
    static func startsAt(of listed: SourceAppointment) -> Date { listed.startsAt }
    static func rowId(sourceId: UUID, sourceKey: String) -> UUID {
        AppointmentIdentity.id(sourceId: sourceId, sourceAppointmentId: sourceKey)
    }
}
