import Foundation
import GRDB
import Translation

/// What a refresh did for one source that refreshed.
public struct ScheduleRefreshResult: Hashable, Sendable {
    public var source: ScheduleSource
    public var counts: RefreshCounts
    /// A MindBody site that does not expose staff appointments (403/404 on them): not an error,
    /// said once. Saved files and iCalendar feeds have no appointments and never say it.
    public var appointmentsUnavailable = false
}

/// How refreshing one source went when several were refreshed, each on its own.
public struct SourceRefreshOutcome: Hashable, Sendable {
    /// The source as stored after the attempt (its last refresh, or its last failure).
    public var source: ScheduleSource
    public var result: Result<ScheduleRefreshResult, ScheduleRefreshError>

    public init(source: ScheduleSource, result: Result<ScheduleRefreshResult, ScheduleRefreshError>) {
        self.source = source
        self.result = result
    }

    /// Why it failed (nothing of it changed), or nil when it was refreshed.
    public var failure: ScheduleRefreshError? {
        if case .failure(let error) = result { error } else { nil }
    }

    /// What the refresh did, or nil when it failed.
    public var refreshed: ScheduleRefreshResult? {
        if case .success(let result) = result { result } else { nil }
    }
}

/// The gym's schedule mirror: its sources, their refresh, and the gym's own fields on classes.
public final class ScheduleService: Sendable {
    public let database: AppDatabase
    public let credentials: any CredentialStore
    public let http: HTTPClient
    /// Items asked of MindBody a page (its largest by default; tests ask for small pages).
    public let mindBodyPageSize: Int

    public init(database: AppDatabase, credentials: any CredentialStore, http: HTTPClient = HTTPClient(),
                mindBodyPageSize: Int = 200) {
        self.database = database
        self.credentials = credentials
        self.http = http
        self.mindBodyPageSize = mindBodyPageSize
    }

    // MARK: Sources

    public func sources(in org: Organization) async throws -> [ScheduleSource] {
        try await database.writer.read { db in
            try ScheduleSource.fetchAll(db, sql: "SELECT * FROM scheduleSource WHERE orgId = ? ORDER BY addedAt, id",
                                        arguments: [UUIDColumn.encode(org.id)])
        }
    }

    public func source(_ id: UUID, in org: Organization) async throws -> ScheduleSource {
        try await database.writer.read { db in try Self.source(id, org: org, db) }
    }

    /// Adds a MindBody v6 source. The API key goes to the credential store, never the database.
    @discardableResult
    public func addMindBody(baseURL: String, siteId: String, apiKey: String, in org: Organization) async throws -> ScheduleSource {
        let url = baseURL.trimmingCharacters(in: .whitespaces)
        let site = siteId.trimmingCharacters(in: .whitespaces)
        let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        guard HTTPClient.isHTTPURL(url) else {
            throw ValidationError(field: "mindbody", message: tr("must be the API's http(s) address, like {example} (got \"{value}\")",
                                                                  ["example": "https://api.mindbodyonline.com", "value": baseURL]))
        }
        if Loopback.isUnencryptedOffLoopback(url) {
            throw ValidationError(field: "mindbody", message: tr("must be https: the API key would cross the network readable over plain http"))
        }
        guard !site.isEmpty, site.count <= 40, site.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw ValidationError(field: "site-id", message: tr("must be MindBody's site id, letters and digits like -99 or 12345 (got \"{value}\")",
                                                                 ["value": siteId]))
        }
        guard !key.isEmpty, !key.contains(where: { $0.isNewline }) else {
            throw ValidationError(field: "api-key-stdin", message: tr("no API key was given on standard input"))
        }
        let source = ScheduleSource(orgId: org.id, kind: .mindbody, location: url, siteId: site)
        let installation = try database.installationId()
        try credentials.saveAPIToken(key, for: ScheduleSourceKey.credentialKey(installation: installation, source: source))
        do {
            try await database.writer.write { db in try source.insert(db) }
        } catch {
            try? credentials.deleteAPIToken(ScheduleSourceKey.credentialKey(installation: installation, source: source))
            throw error
        }
        return source
    }

    /// Adds an iCalendar feed, by http(s) address or file path (a file must read as a calendar now).
    @discardableResult
    public func addICal(_ location: String, in org: Organization, now: Date = Date()) async throws -> ScheduleSource {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        let stored: String
        if HTTPClient.isHTTPURL(trimmed) {
            stored = trimmed
        } else {
            stored = try Self.readableFile(trimmed, field: "ical")
            let data = try Self.contents(of: stored, field: "ical")
            do {
                _ = try ICalendarTimetable.classes(data, zone: org.timeZone, window: ScheduleWindow.standard(now: now, zone: org.timeZone))
            } catch {
                throw ValidationError(field: "ical", message: tr("{path} is not a timetable this console can read: {reason}",
                                                                 ["path": trimmed, "reason": error.reason]))
            }
        }
        let source = ScheduleSource(orgId: org.id, kind: .ical, location: stored)
        try await database.writer.write { db in try source.insert(db) }
        return source
    }

    /// Adds a saved MindBody answer (v6 JSON or SOAP v5 XML), which must read as one now.
    @discardableResult
    public func addFile(_ path: String, in org: Organization, now: Date = Date()) async throws -> ScheduleSource {
        let stored = try Self.readableFile(path.trimmingCharacters(in: .whitespaces), field: "file")
        let data = try Self.contents(of: stored, field: "file")
        guard let format = SavedSchedule.format(of: data), format != .ical else {
            throw ValidationError(field: "file", message: tr("{path} is neither MindBody JSON nor a SOAP GetClasses XML answer (an iCalendar file goes with --ical)",
                                                             ["path": path]))
        }
        do {
            _ = try SavedSchedule.classes(data, zone: org.timeZone, window: ScheduleWindow.standard(now: now, zone: org.timeZone))
        } catch {
            throw ValidationError(field: "file", message: tr("{path} cannot be read: {reason}", ["path": path, "reason": error.reason]))
        }
        let source = ScheduleSource(orgId: org.id, kind: .file, location: stored)
        try await database.writer.write { db in try source.insert(db) }
        return source
    }

    /// Removes a source with its mirrored classes (and the gym's notes on them), and its API key.
    /// The apps stop showing its classes: their served records are deleted with it.
    public func removeSource(_ id: UUID, in org: Organization) async throws {
        let source = try await self.source(id, in: org)
        _ = try await database.writer.write { db in
            try ServedClasses.withdraw(sourceId: source.id, org: org, at: .storedNow, db)
            return try source.delete(db)
        }
        if source.kind == .mindbody {
            try credentials.deleteAPIToken(ScheduleSourceKey.credentialKey(installation: try database.installationId(), source: source))
        }
    }

    // MARK: Refresh

    /// Refreshes one source, or all of the organization's, each on its own (`refreshEach`).
    /// A source is read whole before anything of it is written, then written in one
    /// transaction: all or nothing for that source. A failure (a refused key, a timeout, an
    /// error status, an unreadable page) changes nothing of the failing source, is kept on it
    /// (`lastFailure`) and keeps no other source from refreshing; it is thrown as
    /// `ScheduleRefreshError`, naming each source that failed and why when all were asked for.
    /// Callers that want every source's outcome use `refreshEach`.
    public func refresh(_ id: UUID? = nil, in org: Organization, now: Date = Date(),
                        window: DateInterval? = nil) async throws -> [ScheduleRefreshResult] {
        guard let id else {
            let outcomes = try await refreshEach(in: org, now: now, window: window)
            let failed = outcomes.compactMap { outcome in outcome.failure.map { (outcome.source, $0) } }
            if let first = failed.first {
                throw ScheduleRefreshError(first.1.kind, failed.map { source, error in
                    tr("{source}: {reason}", ["source": source.label, "reason": error.message])
                }.joined(separator: "\n"))
            }
            return outcomes.compactMap { try? $0.result.get() }
        }
        let source = try await source(id, in: org)
        return [try await refreshOne(source, in: org, now: now, window: window ?? ScheduleWindow.standard(now: now, zone: org.timeZone))]
    }

    /// Refreshes each source of the organization (or of `ids`, in the organization's order) on
    /// its own, all or nothing for each: one that fails changes nothing of its own, keeps its
    /// failure (`ScheduleSource.lastFailure`) and keeps none of the others from refreshing.
    /// Throws only when the database does; each source's failure is in its outcome.
    public func refreshEach(_ ids: [UUID]? = nil, in org: Organization, now: Date = Date(),
                            window: DateInterval? = nil) async throws -> [SourceRefreshOutcome] {
        var sources = try await self.sources(in: org)
        if let ids { sources = sources.filter { ids.contains($0.id) } }
        let window = window ?? ScheduleWindow.standard(now: now, zone: org.timeZone)
        var outcomes: [SourceRefreshOutcome] = []
        for source in sources {
            do {
                let result = try await refreshOne(source, in: org, now: now, window: window)
                outcomes.append(SourceRefreshOutcome(source: result.source, result: .success(result)))
            } catch let failure as ScheduleRefreshError {
                let kept = try await database.writer.read { db in try ScheduleSource.fetchOne(db, key: UUIDColumn.encode(source.id)) }
                outcomes.append(SourceRefreshOutcome(source: kept ?? source, result: .failure(failure)))
            }
        }
        return outcomes
    }

    /// One source, read whole, then written in one transaction. A failure is kept on the
    /// source (when and why) and thrown; nothing else of the source changes.
    private func refreshOne(_ source: ScheduleSource, in org: Organization, now: Date,
                            window: DateInterval) async throws -> ScheduleRefreshResult {
        let answer: SourceAnswer
        do {
            answer = try await fetch(source, org: org, window: window)
        } catch {
            try await database.writer.write { db in
                try db.execute(sql: "UPDATE scheduleSource SET lastFailedAt = ?, lastFailure = ? WHERE id = ?",
                               arguments: [now, error.message, UUIDColumn.encode(source.id)])
            }
            throw error
        }
        return try await database.writer.write { db in
            // Read again: the source as stored now (its failure, if an earlier refresh failed).
            let current = try ScheduleSource.fetchOne(db, key: UUIDColumn.encode(source.id)) ?? source
            let appointments = answer.appointments.map {
                ScheduleMirror.Appointments(listed: $0, scope: Self.scope(of: current, $0.map(\.startsAt), asked: window))
            }
            let counts = try ScheduleMirror.apply(answer.classes, source: current, org: org,
                                                  scope: Self.scope(of: current, answer.classes.map(\.startsAt), asked: window),
                                                  appointments: appointments, now: now, db)
            return ScheduleRefreshResult(source: try ScheduleSource.fetchOne(db, key: UUIDColumn.encode(source.id)) ?? current,
                                         counts: counts, appointmentsUnavailable: answer.appointmentsUnavailable)
        }
    }

    /// What one source answered, read whole.
    struct SourceAnswer: Sendable {
        var classes: [SourceClass]
        /// nil: the source has no appointments (a file, a feed, a site that does not expose them).
        var appointments: [SourceAppointment]?
        var appointmentsUnavailable = false
    }

    /// The stretch of time an answer speaks for, where a class it no longer lists was removed.
    /// A saved file is the whole timetable. MindBody answers for the window asked about; one
    /// that also lists classes outside it (a server that ignores the dates) gave its whole
    /// timetable. A feed speaks for the window its recurrences were expanded in.
    /// Appointments follow the same rule as classes.
    static func scope(of source: ScheduleSource, _ starts: [Date], asked window: DateInterval) -> DateInterval? {
        switch source.kind {
        case .file: nil
        case .mindbody: starts.contains { !window.contains($0) } ? nil : window
        case .ical: window
        }
    }

    /// What `source` lists now, read whole: its classes, and a MindBody site's staff
    /// appointments where it exposes them.
    func fetch(_ source: ScheduleSource, org: Organization, window: DateInterval) async throws(ScheduleRefreshError) -> SourceAnswer {
        switch source.kind {
        case .mindbody:
            let key: String?
            do {
                key = try credentials.loadAPIToken(ScheduleSourceKey.credentialKey(installation: try database.installationId(), source: source))
            } catch {
                throw ScheduleRefreshError(.source, tr("cannot read the MindBody API key from {store}: {reason}",
                                                       ["store": credentials.displayName, "reason": "\(error)"]))
            }
            guard let key else {
                throw ScheduleRefreshError(.source, tr("no MindBody API key is kept for this source in {store}; remove the source and add it again with its API key",
                                                       ["store": credentials.displayName]))
            }
            let client = MindBodyClient(http: http, baseURL: source.location, siteId: source.siteId ?? "", apiKey: key,
                                        pageSize: mindBodyPageSize)
            let classes = try await client.classes(in: window, zone: org.timeZone)
            // The classes' staff name the trainers; MindBody's staff list only those they do not.
            var staff: [String: String] = [:]
            for listed in classes {
                if let id = listed.trainerId, !listed.trainer.isEmpty { staff[id] = listed.trainer }
            }
            let appointments = try await client.appointments(in: window, zone: org.timeZone, knownStaff: staff)
            return SourceAnswer(classes: classes, appointments: appointments, appointmentsUnavailable: appointments == nil)
        case .ical:
            let data = try await read(source.location)
            do {
                return SourceAnswer(classes: try ICalendarTimetable.classes(data, zone: org.timeZone, window: window))
            } catch {
                throw ScheduleRefreshError(.malformed, tr("the calendar at {location} cannot be read: {reason}",
                                                          ["location": source.location, "reason": error.reason]))
            }
        case .file:
            let data = try await read(source.location)
            do {
                return SourceAnswer(classes: try SavedSchedule.classes(data, zone: org.timeZone, window: window))
            } catch {
                throw ScheduleRefreshError(.malformed, tr("{path} cannot be read: {reason}", ["path": source.location, "reason": error.reason]))
            }
        }
    }

    private func read(_ location: String) async throws(ScheduleRefreshError) -> Data {
        if HTTPClient.isHTTPURL(location) {
            let response: HTTPClientResponse
            do {
                response = try await http.send(HTTPClientRequest(url: location))
            } catch {
                if case .timedOut = error {
                    throw ScheduleRefreshError(.timedOut, tr("{url} did not answer in time", ["url": location]))
                }
                throw ScheduleRefreshError(.unreachable, tr("cannot read {url}: {reason}", ["url": location, "reason": error.description]))
            }
            guard (200..<300).contains(response.status) else {
                throw ScheduleRefreshError(.serverError, tr("{url} answered with an error (HTTP {status})",
                                                            ["url": location, "status": String(response.status)]))
            }
            return response.body
        }
        guard let data = FileManager.default.contents(atPath: location) else {
            throw ScheduleRefreshError(.source, tr("cannot read {path}: the file is gone or not readable", ["path": location]))
        }
        return data
    }

    // MARK: Classes and the gym's fields

    /// Classes starting in [from, to), removed ones included (they are shown, marked).
    public func classes(in org: Organization, from: Date, to: Date, trainer: String? = nil,
                        cancelledOnly: Bool = false) async throws -> [ScheduledClass] {
        try await database.writer.read { db in
            var sql = "SELECT * FROM scheduledClass WHERE orgId = ? AND startsAt >= ? AND startsAt < ?"
            var arguments: StatementArguments = [UUIDColumn.encode(org.id), from, to]
            if let trainer, !trainer.isEmpty {
                sql += " AND trainer = ? COLLATE NOCASE"
                arguments += [trainer]
            }
            if cancelledOnly { sql += " AND isCancelled = 1" }
            sql += " ORDER BY startsAt, room, name, id"
            return try ScheduledClass.fetchAll(db, sql: sql, arguments: arguments)
        }
    }

    /// Staff appointments starting in [from, to), removed ones included (shown, marked), by
    /// start; `trainer` as the appointments name them, any case.
    public func appointments(in org: Organization, from: Date, to: Date, trainer: String? = nil) async throws -> [StaffAppointment] {
        try await database.writer.read { db in
            var sql = "SELECT * FROM staffAppointment WHERE orgId = ? AND startsAt >= ? AND startsAt < ?"
            var arguments: StatementArguments = [UUIDColumn.encode(org.id), from, to]
            if let trainer, !trainer.isEmpty {
                sql += " AND staff = ? COLLATE NOCASE"
                arguments += [trainer]
            }
            sql += " ORDER BY startsAt, staff, id"
            return try StaffAppointment.fetchAll(db, sql: sql, arguments: arguments)
        }
    }

    /// Whom a substitute stands in for: the trainer who most often teaches the class's
    /// schedule (the same `classScheduleId` from the same source) when no substitute does,
    /// the nearest in time breaking a tie. nil when the class is no substitute's, has no
    /// schedule, or the schedule was never taught by its own trainer here.
    public func regularTrainer(of scheduled: ScheduledClass, in org: Organization) async throws -> String? {
        guard scheduled.source.isSubstitute, let schedule = scheduled.source.classScheduleId, !schedule.isEmpty else { return nil }
        return try await database.writer.read { db in
            try String.fetchOne(db, sql: """
                SELECT trainer FROM scheduledClass
                WHERE orgId = ? AND sourceId = ? AND classScheduleId = ? AND isSubstitute = 0 AND trainer <> ''
                GROUP BY trainer
                ORDER BY COUNT(*) DESC, MIN(ABS(julianday(startsAt) - julianday(?))), trainer
                LIMIT 1
                """, arguments: [UUIDColumn.encode(org.id), UUIDColumn.encode(scheduled.sourceId), schedule, scheduled.source.startsAt])
        }
    }

    public func scheduledClass(_ id: UUID, in org: Organization) async throws -> ScheduledClass {
        try await database.writer.read { db in try Self.scheduledClass(id, org: org, db) }
    }

    /// Sets the gym's note on a class; no refresh ever changes it.
    @discardableResult
    public func setNote(_ text: String, on id: UUID, in org: Organization) async throws -> ScheduledClass {
        try Self.checkNote(text)
        return try await database.writer.write { db in
            var scheduled = try Self.scheduledClass(id, org: org, db)
            scheduled.localNote = text
            try db.execute(sql: "UPDATE scheduledClass SET localNote = ? WHERE id = ?", arguments: [text, UUIDColumn.encode(id)])
            try ServedClasses.publish([id], org: org, at: .storedNow, db)
            return scheduled
        }
    }

    /// Sets the gym's note and featured flag together (the class's page saves both): one change
    /// for the apps, not two.
    @discardableResult
    public func setGymFields(note: String, featured: Bool, on id: UUID, in org: Organization) async throws -> ScheduledClass {
        try Self.checkNote(note)
        return try await database.writer.write { db in
            var scheduled = try Self.scheduledClass(id, org: org, db)
            scheduled.localNote = note
            scheduled.isFeatured = featured
            try db.execute(sql: "UPDATE scheduledClass SET localNote = ?, isFeatured = ? WHERE id = ?",
                           arguments: [note, featured, UUIDColumn.encode(id)])
            try ServedClasses.publish([id], org: org, at: .storedNow, db)
            return scheduled
        }
    }

    private static func checkNote(_ text: String) throws {
        guard text.count <= ServedClasses.noteLength else {
            throw ValidationError(field: "text", message: tr("must be at most {max} characters (got {count})",
                                                             ["max": String(ServedClasses.noteLength), "count": String(text.count)]))
        }
    }

    /// Sets whether the gym's app features the class.
    @discardableResult
    public func setFeatured(_ featured: Bool, on id: UUID, in org: Organization) async throws -> ScheduledClass {
        try await database.writer.write { db in
            var scheduled = try Self.scheduledClass(id, org: org, db)
            scheduled.isFeatured = featured
            try db.execute(sql: "UPDATE scheduledClass SET isFeatured = ? WHERE id = ?", arguments: [featured, UUIDColumn.encode(id)])
            try ServedClasses.publish([id], org: org, at: .storedNow, db)
            return scheduled
        }
    }

    // MARK: Lookups

    static func source(_ id: UUID, org: Organization, _ db: Database) throws -> ScheduleSource {
        guard let source = try ScheduleSource.fetchOne(db, sql: "SELECT * FROM scheduleSource WHERE id = ? AND orgId = ?",
                                                       arguments: [UUIDColumn.encode(id), UUIDColumn.encode(org.id)]) else {
            throw ValidationError(field: "source-id", message: tr("no schedule source {id} in {organization} (see `{command}`)",
                                                                  ["id": UUIDColumn.encode(id), "organization": org.slug,
                                                                   "command": "stewardctl schedule sources list"]))
        }
        return source
    }

    static func scheduledClass(_ id: UUID, org: Organization, _ db: Database) throws -> ScheduledClass {
        guard let found = try ScheduledClass.fetchOne(db, sql: "SELECT * FROM scheduledClass WHERE id = ? AND orgId = ?",
                                                      arguments: [UUIDColumn.encode(id), UUIDColumn.encode(org.id)]) else {
            throw ValidationError(field: "class-id", message: tr("no class {id} in {organization}'s schedule (see `{command}`)",
                                                                 ["id": UUIDColumn.encode(id), "organization": org.slug,
                                                                  "command": "stewardctl schedule list"]))
        }
        return found
    }

    private static func readableFile(_ path: String, field: String) throws -> String {
        guard !path.isEmpty else { throw ValidationError(field: field, message: tr("give a file path or an http(s) address")) }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: standardized, isDirectory: &isFolder), !isFolder.boolValue else {
            throw ValidationError(field: field, message: tr("{path} is not a file (give an existing file or an http(s) address)", ["path": path]))
        }
        return standardized
    }

    private static func contents(of path: String, field: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError(field: field, message: tr("cannot read {path}", ["path": path]))
        }
        return data
    }
}
