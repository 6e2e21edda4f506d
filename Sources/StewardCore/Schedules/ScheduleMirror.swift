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
        struct Held { var id: String; var source: SourceClass; var isRemoved: Bool }
        var held: [String: Held] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM scheduledClass WHERE sourceId = ?",
                                       arguments: [UUIDColumn.encode(source.id)])
        while let row = try rows.next() {
            let sourceClass = ScheduledClass.decodeSource(row)
            held[sourceClass.sourceClassId] = Held(id: row["id"], source: sourceClass, isRemoved: row["isRemoved"])
        }

        let columns = ScheduledClass.sourceColumns
        let insert = try db.cachedStatement(sql: """
            INSERT INTO scheduledClass (id, orgId, sourceId, \(columns.joined(separator: ", ")), isRemoved, firstSeenAt, changedAt)
            VALUES (?, ?, ?, \(columns.map { _ in "?" }.joined(separator: ", ")), 0, ?, ?)
            """)
        let update = try db.cachedStatement(sql: """
            UPDATE scheduledClass SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")), isRemoved = 0, changedAt = ?
            WHERE id = ?
            """)
        let orgId = UUIDColumn.encode(source.orgId)
        let sourceId = UUIDColumn.encode(source.id)
        var listed = Set<String>()
        var touched: [UUID] = []
        // A source listing the same class twice: its last word counts.
        var latest: [String: SourceClass] = [:]
        var order: [String] = []
        for sourceClass in incoming {
            if latest.updateValue(sourceClass, forKey: sourceClass.sourceClassId) == nil { order.append(sourceClass.sourceClassId) }
        }
        for key in order {
            guard let sourceClass = latest[key] else { continue }
            listed.insert(key)
            let values = ScheduledClass.sourceValues(sourceClass).map { $0?.databaseValue ?? .null }
            if let before = held[key] {
                guard before.source != sourceClass || before.isRemoved else { continue }
                counts.updated += 1
                if sourceClass.isCancelled, !before.source.isCancelled || before.isRemoved { counts.cancelled += 1 }
                if sourceClass.isSubstitute, !before.source.isSubstitute || before.isRemoved { counts.substitutes += 1 }
                try update.execute(arguments: StatementArguments(values + [now.databaseValue, before.id.databaseValue]))
                touched.append(try UUIDColumn.decode(before.id))
            } else {
                counts.new += 1
                if sourceClass.isCancelled { counts.cancelled += 1 }
                if sourceClass.isSubstitute { counts.substitutes += 1 }
                let identity = ClassIdentity.id(sourceId: source.id, sourceClassId: key)
                let id = UUIDColumn.encode(identity)
                try insert.execute(arguments: StatementArguments(
                    [id.databaseValue, orgId.databaseValue, sourceId.databaseValue] + values + [now.databaseValue, now.databaseValue]))
                touched.append(identity)
            }
        }

        let remove = try db.cachedStatement(sql: "UPDATE scheduledClass SET isRemoved = 1, changedAt = ? WHERE id = ?")
        for (key, before) in held where !before.isRemoved && !listed.contains(key) {
            if let scope, !scope.contains(before.source.startsAt) { continue }
            counts.removed += 1
            try remove.execute(arguments: [now, before.id])
            touched.append(try UUIDColumn.decode(before.id))
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
