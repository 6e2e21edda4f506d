import Foundation
import Logging
import Testing
import StewardCore
@testable import StewardStore

/// Event reminders, on every backend: an event with `remindBefore` queues one message per
/// occurrence within the horizon in the transaction that stores it, delivered to its audience
/// at its time; edits move or withdraw what still waits; the delivery service tops the queue
/// up as a series' occurrences come within the horizon.
@Suite("Event reminders")
struct EventReminderTests {
    typealias Delivery = AnnouncementDeliveryTests
    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// A whole minute at least `seconds` from now.
    static func minute(after seconds: TimeInterval) -> Date {
        Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 + seconds) / 60).rounded(.up) * 60)
    }

    static func event(_ title: String, start: Date, remind: Int, audience: [String] = ["students"], rule: String? = nil,
                      cancelled: [Date] = []) -> JSONValue {
        let details = EventDetails(title: title, locationName: "Main Hall",
                                   timing: .timed(start: start, end: start.addingTimeInterval(3600), timeZone: "Europe/Paris"),
                                   audience: audience, remindBefore: remind)
        guard case .object(var fields) = details.syncFields else { return details.syncFields }
        if let rule { fields["repeat"] = .string(rule) }
        if !cancelled.isEmpty { fields["cancelledOccurrences"] = .array(cancelled.map { .string(DateTimeText.local($0, zone: paris)) }) }
        return .object(fields)
    }

    static func write(_ store: TestStore, id: String, _ fields: JSONValue?, base: Int64 = 0) async throws -> Int64 {
        let mutation = Mutation(id: 1, entity: SyncEntity.event, recordId: id, operation: fields == nil ? .delete : .upsert,
                                baseVersion: base, fields: fields)
        let result = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [mutation])).results[0]
        #expect(result.status == .applied, "\(result)")
        return result.version ?? 0
    }

    static func reminderId(_ event: String, _ start: Date) -> String { "reminder:\(event):\(DateTimeText.utc(start))" }

    static func queued(_ store: TestStore, _ event: String, _ start: Date) async throws -> PushReport? {
        try await store.repository.pushReport(org: store.org, messageId: reminderId(event, start))
    }

    @Test("an event's reminder reaches its audience's devices at its time", arguments: Backend.available)
    func delivered(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana", audience: "students")
            let cy = try await store.newMember("cy", audience: "residents")
            try await Delivery.registerAPNs(store, ana, token: Delivery.token(31))
            try await Delivery.registerAPNs(store, cy, token: Delivery.token(32))
            let sender = Delivery.FakeSender()
            let service = Delivery.service(store, sender)
            let start = Self.minute(after: 3 * 3600)
            let id = Fixtures.newRecordId()
            _ = try await Self.write(store, id: id, Self.event("Choir practice", start: start, remind: 60))
            let report = try #require(try await Self.queued(store, id, start), "queued with the event")
            #expect(report.sentAt == nil)

            try await service.runRound(now: start.addingTimeInterval(-3600 - 60))
            #expect(sender.sent.isEmpty, "not before its time")
            try await service.runRound(now: start.addingTimeInterval(-3600 + 1))
            try await service.runRound(now: start.addingTimeInterval(-3600 + 2))
            #expect(sender.sentAddresses == [Delivery.token(31)], "the audience's device, once")
            let message = try #require(sender.sent.first?.message)
            #expect(message.id == Self.reminderId(id, start))
            #expect(message.title == "Choir practice")
            let clock = DatePatternText.format(start, "HH:mm", zone: Self.paris, locale: .english)
            #expect(message.body == "Starts at \(clock) · Main Hall")
            #expect(message.record == "event:\(id)")
            #expect(message.audience == ["students"])
            #expect(message.urgency == .normal)
            #expect(message.sendAt == start.addingTimeInterval(-3600))
            #expect(message.expiresAt == start)
        }
    }

    @Test("a weekly event queues the occurrences within the horizon; the top-up adds the next ones",
          arguments: Backend.available)
    func horizonAndTopUp(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let start = Self.minute(after: 86_400)
            let week: TimeInterval = 7 * 86_400
            let id = Fixtures.newRecordId()
            _ = try await Self.write(store, id: id, Self.event("Youth night", start: start, remind: 60, rule: "FREQ=WEEKLY"))
            #expect(try await Self.queued(store, id, start) != nil)
            #expect(try await Self.queued(store, id, start.addingTimeInterval(week)) != nil, "8 days ahead")
            #expect(try await Self.queued(store, id, start.addingTimeInterval(2 * week)) == nil, "past the horizon")

            let now = Date()
            #expect(try await store.repository.queueEventReminders(now: now, org: store.org) == 0, "nothing new")
            // A week on, the delivery service's first round tops the queue up.
            let service = Delivery.service(store, Delivery.FakeSender())
            try await service.runRound(now: now.addingTimeInterval(week))
            #expect(try await Self.queued(store, id, start.addingTimeInterval(2 * week)) != nil, "entered the horizon")
            #expect(try await Self.queued(store, id, start.addingTimeInterval(3 * week)) == nil)
            #expect(try await store.repository.queueEventReminders(now: now.addingTimeInterval(week), org: store.org) == 0,
                    "queued once, whoever tops up")
        }
    }

    @Test("moving, cancelling or deleting withdraws what waits; a sent reminder stays sent", arguments: Backend.available)
    func followsChanges(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana", audience: "students")
            try await Delivery.registerAPNs(store, ana, token: Delivery.token(41))
            let sender = Delivery.FakeSender()
            let service = Delivery.service(store, sender)

            // Moved: the reminder moves with it.
            let start = Self.minute(after: 5 * 3600)
            let moved = start.addingTimeInterval(2 * 3600)
            let id = Fixtures.newRecordId()
            var version = try await Self.write(store, id: id, Self.event("Bake sale", start: start, remind: 30))
            version = try await Self.write(store, id: id, Self.event("Bake sale", start: moved, remind: 30), base: version)
            #expect(try await Self.queued(store, id, start) == nil)
            #expect(try await Self.queued(store, id, moved) != nil)
            // No reminder any more: withdrawn.
            version = try await Self.write(store, id: id, Self.event("Bake sale", start: moved, remind: 0), base: version)
            #expect(try await Self.queued(store, id, moved) == nil)

            // A weekly one: its first reminder goes out, then the second occurrence is cancelled.
            let first = Self.minute(after: 2 * 3600)
            let second = first.addingTimeInterval(7 * 86_400)
            let series = Fixtures.newRecordId()
            var seriesVersion = try await Self.write(store, id: series, Self.event("Study group", start: first, remind: 60,
                                                                                   rule: "FREQ=WEEKLY"))
            #expect(try await Self.queued(store, series, second) != nil)
            try await service.runRound(now: first.addingTimeInterval(-3600 + 1))
            #expect(sender.sent.map(\.message.id) == [Self.reminderId(series, first)])
            seriesVersion = try await Self.write(store, id: series, Self.event("Study group", start: first, remind: 60,
                                                                               rule: "FREQ=WEEKLY", cancelled: [second]),
                                                 base: seriesVersion)
            #expect(try await Self.queued(store, series, second) == nil, "cancelled: no reminder")
            #expect(try await Self.queued(store, series, first)?.sentAt != nil, "the sent one stays sent")
            _ = try await Self.write(store, id: series, nil, base: seriesVersion)
            #expect(try await Self.queued(store, series, first.addingTimeInterval(14 * 86_400)) == nil)
            #expect(try await Self.queued(store, series, first)?.sentAt != nil)

            // Deleted before its time: withdrawn.
            let gone = Fixtures.newRecordId()
            let goneStart = Self.minute(after: 4 * 3600)
            let goneVersion = try await Self.write(store, id: gone, Self.event("Film night", start: goneStart, remind: 60))
            #expect(try await Self.queued(store, gone, goneStart) != nil)
            _ = try await Self.write(store, id: gone, nil, base: goneVersion)
            #expect(try await Self.queued(store, gone, goneStart) == nil)
            try await service.runRound(now: goneStart.addingTimeInterval(-3600 + 1))
            #expect(sender.sent.count == 1)
        }
    }

    @Test("a reminder whose time has passed is not queued", arguments: Backend.available)
    func pastReminder(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let start = Self.minute(after: 30 * 60)
            let id = Fixtures.newRecordId()
            _ = try await Self.write(store, id: id, Self.event("Soon", start: start, remind: 60))
            #expect(try await Self.queued(store, id, start) == nil)
            let later = Fixtures.newRecordId()
            _ = try await Self.write(store, id: later, Self.event("Later", start: start, remind: 15))
            #expect(try await Self.queued(store, later, start) != nil, "15 minutes before is still to come")
        }
    }

    @Test("an event's reminder waits for the end of quiet hours", arguments: Backend.available)
    func quietHours(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana", audience: "students")
            try await Delivery.registerAPNs(store, ana, token: Delivery.token(51))
            let sender = Delivery.FakeSender()
            let service = Delivery.service(store, sender)
            let start = Self.minute(after: 3 * 3600)
            let due = start.addingTimeInterval(-2 * 3600)
            func clock(_ date: Date) -> String { DatePatternText.format(date, "HH:mm", zone: Self.paris, locale: .english) }
            let settings = Mutation(id: 1, entity: "pushSettings", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                                    fields: .object(["quietFrom": .string(clock(due.addingTimeInterval(-600))),
                                                     "quietUntil": .string(clock(due.addingTimeInterval(1800)))]))
            #expect(try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [settings])).results[0].status == .applied)
            let id = Fixtures.newRecordId()
            _ = try await Self.write(store, id: id, Self.event("Late rehearsal", start: start, remind: 120))
            try await service.runRound(now: due.addingTimeInterval(1))
            try await service.runRound(now: due.addingTimeInterval(2))
            #expect(sender.sent.isEmpty, "quiet hours")
            try await service.runRound(now: due.addingTimeInterval(1800 + 61))
            #expect(sender.sent.map(\.message.id) == [Self.reminderId(id, start)])
        }
    }
}
