import Foundation
import Testing
@testable import StewardCore

/// A CalDAV collection in memory, with the preconditions a real server checks: If-None-Match:*
/// fails on a resource that exists, If-Match on one whose ETag differs or that is gone. It
/// records every write it is asked for.
actor MemoryCalDAVServer: CalDAVServer {
    struct Request: Equatable {
        var method: String
        var href: String
        var condition: CalDAVCondition
    }

    var resources: [String: (body: String, etag: String)] = [:]
    var requests: [Request] = []
    var collectionMade = false
    var nextTag = 0
    /// Answer PUTs without an ETag, as a server that changed what it stored may.
    var withholdETags = false
    /// Answer with no connection from the n-th write on.
    var failFromWrite: Int?

    func prepareCollection(displayName: String) async throws { collectionMade = true }

    func put(_ href: String, body: String, condition: CalDAVCondition) async throws -> CalDAVOutcome {
        try check(Request(method: "PUT", href: href, condition: condition))
        if let refusal = refusal(resources[href]?.etag, condition) { return refusal }
        nextTag += 1
        resources[href] = (body, "\"\(nextTag)\"")
        return .done(etag: withholdETags ? nil : "\"\(nextTag)\"")
    }

    func delete(_ href: String, condition: CalDAVCondition) async throws -> CalDAVOutcome {
        try check(Request(method: "DELETE", href: href, condition: condition))
        guard resources[href] != nil else { return condition == .none ? .notFound : .preconditionFailed }
        if let refusal = refusal(resources[href]?.etag, condition) { return refusal }
        resources[href] = nil
        return .done(etag: nil)
    }

    private func check(_ request: Request) throws {
        requests.append(request)
        if let failFromWrite, requests.count >= failFromWrite {
            throw CalDAVError.unreachable(url: "memory", reason: "connection refused")
        }
    }

    private func refusal(_ current: String?, _ condition: CalDAVCondition) -> CalDAVOutcome? {
        switch condition {
        case .none: nil
        case .ifNoneMatch: current == nil ? nil : .preconditionFailed
        case .ifMatch(let etag): current == etag ? nil : .preconditionFailed
        }
    }

    /// Someone else edits the resource on the server: a new body and ETag.
    func editElsewhere(_ href: String) {
        nextTag += 1
        resources[href] = ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "\"\(nextTag)\"")
    }

    func forget() { requests = [] }
    func body(_ href: String) -> String? { resources[href]?.body }
    func etag(_ href: String) -> String? { resources[href]?.etag }
    var count: Int { resources.count }
    func setWithholdETags(_ value: Bool) { withholdETags = value }
    func setFailFromWrite(_ value: Int?) { failFromWrite = value }
}

@Suite struct CalendarPublisherTests {
    let collection = "https://calendar.example.org/office/events/"

    struct Setup {
        let fixture: Fixture
        let server = MemoryCalDAVServer()
        let collection: String

        var resources: PublishedResources { PublishedResources(database: fixture.database, orgId: fixture.org.id, collectionURL: collection) }

        func publish(force: Bool = false) async throws -> CalendarPublishResult {
            try await CalendarPublisher.publish(fixture.org, database: fixture.database, collectionURL: collection, server: server, force: force)
        }

        func href(_ event: Event) -> String { CalDAVAddress.resource(of: event.id, in: collection) }
    }

    /// Three events: a weekly series with a cancelled date and a changed one, a single evening
    /// and an all-day fair; and an ongoing notice, which no calendar holds.
    func setUp() async throws -> (Setup, [Event]) {
        let setup = Setup(fixture: try await Fixture(), collection: collection)
        let events = setup.fixture.events, org = setup.fixture.org
        var weekly = EventForm.timed("Prayer", starts: "2026-12-02T19:00", ends: "2026-12-02T20:00")
        weekly.repeatRule = "FREQ=WEEKLY;BYDAY=WE;COUNT=6"
        let series = try await events.create(weekly, in: org)
        let chicago = org.timeZone
        var details = try series.details.cancelling("2026-12-09T19:00", zone: chicago)
        var carols = details.details(of: try details.checkedOccurrence("2026-12-16T19:00", zone: chicago))
        carols.title = "Carols"
        details = try details.changing("2026-12-16T19:00", to: carols, zone: chicago)
        let prayer = try await events.update(series.id, with: details, in: org)
        let concert = try await events.create(EventForm.timed("Concert"), in: org)
        var fair = EventForm()
        fair.title = "Fair"
        fair.timingKind = .allDay
        fair.starts = "2026-12-12"
        let allDay = try await events.create(fair, in: org)
        var notice = EventForm()
        notice.title = "Food bank open"
        notice.timingKind = .untimed
        _ = try await events.create(notice, in: org)
        return (setup, [prayer, concert, allDay])
    }

    @Test func theFirstRunAddsEachEventAsItsOwnResourceOnlyWhereNoneIs() async throws {
        let (setup, events) = try await setUp()
        let result = try await setup.publish()
        #expect(Set(result.added) == Set(events.map(\.id)) && result.updated.isEmpty && result.removed.isEmpty && result.unchanged == 0)
        #expect(result.succeeded && result.summary.hasSuffix(": 3 added, 0 updated, 0 removed, 0 unchanged"))
        let requests = await setup.server.requests
        #expect(requests.count == 3 && requests.allSatisfy { $0.method == "PUT" && $0.condition == .ifNoneMatch })
        #expect(Set(requests.map(\.href)) == Set(events.map(setup.href)))
        #expect(await setup.server.collectionMade)
        let prayer = try #require(await setup.server.body(setup.href(events[0])))
        // One event, its changed date in the same resource, its zone; no METHOD (RFC 4791 §4.1).
        #expect(!prayer.contains("METHOD") && prayer.contains("UID:\(EventCalendarExport.uid(events[0].id))"))
        #expect(prayer.contains("RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=WE") && prayer.contains("EXDATE;TZID=America/Chicago:20261209T190000"))
        #expect(prayer.contains("RECURRENCE-ID;TZID=America/Chicago:20261216T190000") && prayer.contains("SUMMARY:Carols"))
        #expect(prayer.contains("BEGIN:VTIMEZONE") && !prayer.contains("Concert"))
        let rows = try await setup.resources.all()
        let hrefs = Dictionary(uniqueKeysWithValues: events.map { ($0.id, setup.href($0)) })
        #expect(rows.count == 3 && rows.allSatisfy { row in row.etag != nil && row.href == hrefs[row.eventId] })
    }

    @Test func aSecondRunSendsNothing() async throws {
        let (setup, _) = try await setUp()
        _ = try await setup.publish()
        await setup.server.forget()
        let result = try await setup.publish()
        #expect(result.added.isEmpty && result.updated.isEmpty && result.removed.isEmpty && result.unchanged == 3)
        #expect(await setup.server.requests.isEmpty)
    }

    @Test func anEditedEventIsSentOnceWithTheETagLastGiven() async throws {
        let (setup, events) = try await setUp()
        _ = try await setup.publish()
        let etag = try #require(await setup.server.etag(setup.href(events[1])))
        var details = events[1].details
        details.title = "Winter concert"
        _ = try await setup.fixture.events.update(events[1].id, with: details, in: setup.fixture.org)
        await setup.server.forget()
        let result = try await setup.publish()
        #expect(result.updated == [events[1].id] && result.added.isEmpty && result.unchanged == 2)
        #expect(await setup.server.requests == [.init(method: "PUT", href: setup.href(events[1]), condition: .ifMatch(etag))])
        #expect(await setup.server.body(setup.href(events[1]))?.contains("SUMMARY:Winter concert") == true)
        let row = try await setup.resources.all().first { $0.eventId == events[1].id }
        #expect(row?.etag == (await setup.server.etag(setup.href(events[1]))))
    }

    @Test func aRemovedEventsResourceIsDeletedWithItsETag() async throws {
        let (setup, events) = try await setUp()
        _ = try await setup.publish()
        let etag = try #require(await setup.server.etag(setup.href(events[2])))
        _ = try await setup.fixture.events.delete(events[2].id, in: setup.fixture.org)
        await setup.server.forget()
        let result = try await setup.publish()
        #expect(result.removed == [events[2].id] && result.unchanged == 2 && result.summary.hasSuffix(": 0 added, 0 updated, 1 removed, 2 unchanged"))
        #expect(await setup.server.requests == [.init(method: "DELETE", href: setup.href(events[2]), condition: .ifMatch(etag))])
        #expect(await setup.server.body(setup.href(events[2])) == nil)
        #expect(try await setup.resources.all().map(\.eventId).contains(events[2].id) == false)
    }

    @Test func aResourceChangedOnTheServerIsReportedNotOverwrittenAndItsRowKept() async throws {
        let (setup, events) = try await setUp()
        _ = try await setup.publish()
        let before = try await setup.resources.all()
        await setup.server.editElsewhere(setup.href(events[1]))
        await setup.server.editElsewhere(setup.href(events[2]))
        var details = events[1].details
        details.title = "Winter concert"
        _ = try await setup.fixture.events.update(events[1].id, with: details, in: setup.fixture.org)
        _ = try await setup.fixture.events.delete(events[2].id, in: setup.fixture.org)
        let result = try await setup.publish()
        #expect(!result.succeeded && result.updated.isEmpty && result.removed.isEmpty && result.unchanged == 1)
        #expect(Set(result.conflicts.map(\.id)) == [events[1].id, events[2].id])
        #expect(Set(result.conflicts.map(\.title)) == ["Winter concert", "Fair"])
        #expect(result.problemLines.contains("changed on the calendar server since the last publish: Fair (\(events[2].id.uuidString.lowercased()))"))
        #expect(await setup.server.body(setup.href(events[1]))?.contains("Winter") == false)
        #expect(await setup.server.body(setup.href(events[2])) != nil)
        #expect(try await setup.resources.all() == before)
        let json = result.json
        #expect(json["conflicts"]?.arrayValue?.count == 2 && json["unchanged"] == .int(1))
    }

    @Test func forceOverwritesAndRemovesWithoutPreconditions() async throws {
        let (setup, events) = try await setUp()
        _ = try await setup.publish()
        await setup.server.editElsewhere(setup.href(events[1]))
        await setup.server.editElsewhere(setup.href(events[2]))
        var details = events[1].details
        details.title = "Winter concert"
        _ = try await setup.fixture.events.update(events[1].id, with: details, in: setup.fixture.org)
        _ = try await setup.fixture.events.delete(events[2].id, in: setup.fixture.org)
        #expect(try await !setup.publish().succeeded)
        await setup.server.forget()
        let result = try await setup.publish(force: true)
        #expect(result.succeeded && result.updated == [events[1].id] && result.removed == [events[2].id])
        #expect(await setup.server.requests.map(\.condition) == [.none, .none])
        #expect(await setup.server.body(setup.href(events[1]))?.contains("SUMMARY:Winter concert") == true)
        #expect(await setup.server.body(setup.href(events[2])) == nil)
        #expect(try await setup.resources.all().count == 2)
    }

    @Test func aNewEventWhoseResourceIsAlreadyThereIsAConflict() async throws {
        let (setup, events) = try await setUp()
        await setup.server.editElsewhere(setup.href(events[1]))
        let result = try await setup.publish()
        #expect(result.conflicts.map(\.id) == [events[1].id] && result.added.count == 2)
        #expect(try await setup.resources.all().contains { $0.eventId == events[1].id } == false)
    }

    @Test func withoutAnETagTheNextChangeIsSentWithoutIfMatch() async throws {
        let (setup, events) = try await setUp()
        await setup.server.setWithholdETags(true)
        _ = try await setup.publish()
        #expect(try await setup.resources.all().allSatisfy { $0.etag == nil })
        var details = events[1].details
        details.title = "Winter concert"
        _ = try await setup.fixture.events.update(events[1].id, with: details, in: setup.fixture.org)
        await setup.server.forget()
        let result = try await setup.publish()
        #expect(result.updated == [events[1].id])
        #expect(await setup.server.requests.map(\.condition) == [.none])
    }

    @Test func aRunCutShortKeepsWhatTheServerTookAndNothingElse() async throws {
        let (setup, _) = try await setUp()
        await setup.server.setFailFromWrite(2)
        await #expect(throws: CalDAVError.self) { try await setup.publish() }
        let rows = try await setup.resources.all()
        let stored = await setup.server.count, etag = await setup.server.etag(rows.first?.href ?? "")
        #expect(rows.count == 1 && stored == 1 && etag == rows[0].etag)
        await setup.server.setFailFromWrite(nil)
        let result = try await setup.publish()
        #expect(result.added.count == 2 && result.unchanged == 1)
    }

    @Test func aResourcesDTSTAMPIsWhenTheEventLastChangedSoItsTextOnlyChangesWithIt() async throws {
        let (_, events) = try await setUp()
        let text = try #require(EventCalendarExport.resource(events[0]))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stamp = formatter.string(from: events[0].updatedAt)
        #expect(text.contains("DTSTAMP:\(stamp)") && text.contains("LAST-MODIFIED:\(stamp)"))
        #expect(!text.contains("X-WR-CALNAME"))
        var deleted = events[0]
        deleted.deleted = true
        #expect(EventCalendarExport.resource(deleted) == nil)
    }

    @Test func theCollectionsAddressMustBeHTTPAndEndsInASlash() throws {
        #expect(try CalDAVAddress.collection(" https://cal.example.org/dav/office ") == "https://cal.example.org/dav/office/")
        #expect(try CalDAVAddress.collection("http://127.0.0.1:5232/steward/events/") == "http://127.0.0.1:5232/steward/events/")
        for bad in ["ftp://cal.example.org/x/", "cal.example.org/x/", "https:///x", "https://cal.example.org/x/?a=1", ""] {
            #expect(throws: CalDAVAddressError.self, "\(bad)") { try CalDAVAddress.collection(bad) }
        }
        let id = UUID()
        #expect(CalDAVAddress.resource(of: id, in: "https://c.example.org/e/") == "https://c.example.org/e/\(id.uuidString.lowercased()).ics")
    }
}
