import Foundation
import GRDB

/// Writes what a source listed into the mirror, in the caller's transaction. Only the source's
/// columns are written; the gym's (`localNote`, `isFeatured`) never are.
enum ScheduleMirror {
    /// Applies one source's classes. `scope` is the stretch of time the source was asked about:
    /// a held class starting in it that the source no longer lists is marked removed (kept,
    /// shown); nil means the source gave its whole timetable.
    /// Each class it writes (and any not served yet) is then served to the apps
    /// (`ServedClasses`), in the same transaction, unless `serve` is false (the demo, which
    /// builds its month in steps and serves it once, as it ends up).
    /// A source's staff appointments, with the stretch they speak for (as `scope`).
    struct Appointments {
        var listed: [SourceAppointment]
        var scope: DateInterval?
    }

    /// `appointments`, when the source gave them, are mirrored in the same transaction
    /// (`AppointmentMirror`) and counted in `RefreshCounts.appointments`; nil leaves the held
    /// ones as they are.
    static func apply(_ incoming: [SourceClass], source: ScheduleSource, org: Organization, scope: DateInterval?,
                      appointments: Appointments? = nil, now: Date, serve: Bool = true, _ db: Database) throws -> RefreshCounts {
        var counts = RefreshCounts()
        var touched: [UUID] = []
        try SourceMirror<ScheduledClass>.apply(incoming, sourceId: source.id, orgId: source.orgId, scope: scope,
                                               now: now, db) { change in
            switch change {
            case .new(let listed, let rowId):
                counts.new += 1
                if listed.isCancelled { counts.cancelled += 1 }
                if listed.isSubstitute { counts.substitutes += 1 }
                touched.append(rowId)
            case .updated(let listed, let before, let wasRemoved, let rowId):
                counts.updated += 1
                if listed.isCancelled, !before.isCancelled || wasRemoved { counts.cancelled += 1 }
                if listed.isSubstitute, !before.isSubstitute || wasRemoved { counts.substitutes += 1 }
                touched.append(rowId)
            case .removed(_, let rowId):
                counts.removed += 1
                touched.append(rowId)
            }
        }
        let waiting = Set(touched)
        if serve {
            try ServedClasses.publish(touched + ServedClasses.unpublished(sourceId: source.id, db).filter { !waiting.contains($0) },
                                      org: org, at: now, db)
        }

        if let appointments {
            counts.appointments = try AppointmentMirror.apply(appointments.listed, source: source, scope: appointments.scope,
                                                              now: now, db)
        }

        var refreshed = source
        refreshed.lastRefreshedAt = now
        refreshed.lastCounts = counts
        refreshed.lastFailedAt = nil
        refreshed.lastFailure = nil
        try refreshed.update(db)
        return counts
    }
}

extension ScheduledClass: SourceMirrorTable {
    static func sourceKey(of listed: SourceClass) -> String { listed.sourceClassId }
    static func startsAt(of listed: SourceClass) -> Date { listed.startsAt }
    static func rowId(sourceId: UUID, sourceKey: String) -> UUID {
        ClassIdentity.id(sourceId: sourceId, sourceClassId: sourceKey)
    }
}
