import Crypto
import Foundation
import HummingbirdTesting
import Logging
import Testing
import StewardCore
@testable import StewardStore

/// Announcements from the console to members' devices, on every backend: the queue takes a
/// scheduled announcement in the transaction that stores it, sends it out at its time to the
/// devices of its audience, records what each push service said, removes gone devices, retries
/// what may pass, and writes the report back as a record staff pull.
@Suite("Announcement delivery")
struct AnnouncementDeliveryTests {
    /// Answers by device address, as a push service would, and remembers what it was given.
    final class FakeSender: PushSender, @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [String: PushJobOutcome]
        private(set) var sent: [PushJob] = []

        init(answers: [String: PushJobOutcome] = [:]) { self.answers = answers }

        func send(_ job: PushJob, now: Date) async -> PushJobOutcome {
            lock.withLock {
                sent.append(job)
                return answers[job.target.address] ?? .delivered
            }
        }

        func answer(_ address: String, _ outcome: PushJobOutcome) { lock.withLock { answers[address] = outcome } }
        var sentAddresses: [String] { lock.withLock { sent.map(\.target.address).sorted() } }
    }

    static func announcement(_ title: String, status: String = "scheduled", sendAt: Date? = Date(),
                             audience: [String] = []) -> JSONValue {
        var fields: [String: JSONValue] = ["title": .string(title), "body": .string("\(title): see the app."),
                                           "sending": .string(status),
                                           "audience": .array(audience.map { .string($0) })]
        fields["sendAt"] = sendAt.map { .string(DateTimeText.utc($0)) }
        return .object(fields)
    }

    static func push(_ store: TestStore, id: String, _ fields: JSONValue, base: Int64 = 0,
                     delete: Bool = false) async throws -> MutationResult {
        let mutation = Mutation(id: 1, entity: "announcement", recordId: id, operation: delete ? .delete : .upsert,
                                baseVersion: base, fields: delete ? nil : fields)
        return try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [mutation])).results[0]
    }

    static func registerAPNs(_ store: TestStore, _ member: TestMember, token: String) async throws {
        let answer = try await store.request(.post, "/v1/orgs/\(store.org)/me/devices", token: member.access,
                                             body: store.json(.object(["platform": .string("apns"), "token": .string(token)])))
        #expect(answer.status == .created, "\(answer.text)")
    }

    static func token(_ n: Int) -> String { String(format: "%064x", n) }

    static func service(_ store: TestStore, _ sender: FakeSender) -> PushDeliveryService {
        PushDeliveryService(repository: store.repository, senders: PushSenders(apns: sender), org: store.org,
                            logger: Logger(label: "test.push"))
    }

    @Test("sent to its audience's devices once, gone ones removed, and reported back", arguments: Backend.available)
    func sendsAndReports(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana", audience: "students")
            let ben = try await store.newMember("ben", audience: "students")
            let cy = try await store.newMember("cy", audience: "residents")
            try await Self.registerAPNs(store, ana, token: Self.token(1))
            try await Self.registerAPNs(store, ana, token: Self.token(2))
            try await Self.registerAPNs(store, ben, token: Self.token(3))
            try await Self.registerAPNs(store, cy, token: Self.token(4))
            let sender = FakeSender(answers: [Self.token(2): .gone, Self.token(3): .failed("BadDeviceToken")])
            let service = Self.service(store, sender)

            let id = Fixtures.newRecordId()
            let result = try await Self.push(store, id: id, Self.announcement("Snow day", audience: ["students"]))
            #expect(result.status == .applied, "\(result)")
            #expect(try await store.repository.pushReport(org: store.org, messageId: "announcement:\(id)")?.sentAt == nil)

            try await service.runRound(now: Date())
            #expect(sender.sentAddresses == [Self.token(1), Self.token(2), Self.token(3)], "students only")
            #expect(sender.sent.first?.message.title == "Snow day")
            try await service.runRound(now: Date())
            #expect(sender.sent.count == 3, "each device once")

            let report = try #require(try await store.stored("announcementReport", id))
            #expect(report.fields["devices"]?.int64Value == 3)
            #expect(report.fields["delivered"]?.int64Value == 1)
            #expect(report.fields["failed"]?.int64Value == 1)
            #expect(report.fields["removed"]?.int64Value == 1)
            #expect(report.fields["pending"]?.int64Value == 0)
            #expect(report.fields["sentAt"]?.stringValue?.isEmpty == false)
            let pulled = try await store.pullAll().records.filter { $0.entity == "announcementReport" }
            #expect(pulled.map(\.id) == [id], "staff pull the report")
            // Done messages are forgotten past retention; their reports stay.
            try await store.repository.purgeDonePushMessages(sentBefore: Date().addingTimeInterval(-60), org: store.org)
            #expect(try await store.repository.pushReport(org: store.org, messageId: "announcement:\(id)") != nil)
            #expect(try await store.repository.purgeDonePushMessages(sentBefore: Date().addingTimeInterval(60), org: store.org) == 1)
            #expect(try await store.repository.pushReport(org: store.org, messageId: "announcement:\(id)") == nil)
            #expect(try await store.stored("announcementReport", id) != nil)

            // The gone device is no more; the next announcement does not try it.
            let devices = try await store.repository.pushDevices(org: store.org, memberId: ana.id)
            #expect(devices.map(\.address) == [Self.token(1)])
            let second = Fixtures.newRecordId()
            _ = try await Self.push(store, id: second, Self.announcement("Everyone"))
            try await service.runRound(now: Date())
            #expect(sender.sent.filter { $0.message.id == "announcement:\(second)" }.map(\.target.address).sorted()
                    == [Self.token(1), Self.token(3), Self.token(4)])
        }
    }

    @Test("a draft is never sent; a scheduled one waits for its time; an edit before it is what goes out",
          arguments: Backend.available)
    func waitsForItsTime(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana")
            try await Self.registerAPNs(store, ana, token: Self.token(7))
            let sender = FakeSender()
            let service = Self.service(store, sender)
            let draft = Fixtures.newRecordId()
            _ = try await Self.push(store, id: draft, Self.announcement("Draft", status: "draft", sendAt: nil))
            let later = Fixtures.newRecordId()
            let at = Date().addingTimeInterval(3600)
            let first = try await Self.push(store, id: later, Self.announcement("Picnic", sendAt: at))
            try await service.runRound(now: Date())
            #expect(sender.sent.isEmpty)
            let edited = try await Self.push(store, id: later, Self.announcement("Picnic moved indoors", sendAt: at),
                                             base: first.version ?? 0)
            #expect(edited.status == .applied)
            try await service.runRound(now: at.addingTimeInterval(1))
            #expect(sender.sent.map(\.message.title) == ["Picnic moved indoors"])

            // Withdrawn before its time: back to draft, or deleted.
            let withdrawn = Fixtures.newRecordId()
            let scheduled = try await Self.push(store, id: withdrawn, Self.announcement("Maybe", sendAt: at))
            _ = try await Self.push(store, id: withdrawn, Self.announcement("Maybe", status: "draft", sendAt: at),
                                    base: scheduled.version ?? 0)
            let deleted = Fixtures.newRecordId()
            let gone = try await Self.push(store, id: deleted, Self.announcement("Never", sendAt: at))
            _ = try await Self.push(store, id: deleted, .null, base: gone.version ?? 0, delete: true)
            try await service.runRound(now: at.addingTimeInterval(10))
            #expect(sender.sent.map(\.message.title) == ["Picnic moved indoors"])
        }
    }

    @Test("a sent announcement is never changed: the edit is rejected", arguments: Backend.available)
    func sentIsFinal(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let id = Fixtures.newRecordId()
            let sent = try await Self.push(store, id: id, Self.announcement("Snow day", sendAt: Date().addingTimeInterval(-5)))
            #expect(sent.status == .applied)
            let edit = try await Self.push(store, id: id, Self.announcement("Snow day (corrected)"), base: sent.version ?? 0)
            #expect(edit.status == .rejected)
            #expect(edit.reason?.contains("sent") == true, "\(edit)")
        }
    }

    @Test("what may pass later is tried again; past the message's life it fails", arguments: Backend.available)
    func retries(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana")
            try await Self.registerAPNs(store, ana, token: Self.token(9))
            let id = Fixtures.newRecordId()
            _ = try await Self.push(store, id: id, Self.announcement("Retry me", sendAt: Date()))
            let now = Date().addingTimeInterval(1)
            let sender = FakeSender(answers: [Self.token(9): .retry(at: now.addingTimeInterval(60), reason: "429")])
            let service = Self.service(store, sender)
            try await service.runRound(now: now)
            #expect(sender.sent.count == 1)
            try await service.runRound(now: now.addingTimeInterval(30))
            #expect(sender.sent.count == 1, "not before its time")
            sender.answer(Self.token(9), .delivered)
            try await service.runRound(now: now.addingTimeInterval(61))
            #expect(sender.sent.count == 2)
            let report = try #require(try await store.repository.pushReport(org: store.org, messageId: "announcement:\(id)"))
            #expect(report.delivered == 1 && report.pending == 0)

            // A retry that would come after the message goes stale is a failure now.
            let stale = PushJob(message: PushMessage(org: store.org, id: "reminder:x", title: "Soon", body: "Soon", sendAt: now,
                                                     expiresAt: now.addingTimeInterval(30)),
                                target: PushTarget(deviceId: "d", platform: .apns, address: Self.token(9)), attempts: 1)
            sender.answer(Self.token(9), .retry(at: Date().addingTimeInterval(60), reason: "the push service answered 503"))
            guard case .failed(let reason) = await service.deliver(stale) else {
                Issue.record("a retry past the message's life must fail")
                return
            }
            #expect(reason.contains("expired"), "\(reason)")
        }
    }

    @Test("a job taken by a process that died is taken again once its lease runs out", arguments: Backend.available)
    func leases(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana")
            try await Self.registerAPNs(store, ana, token: Self.token(5))
            let id = Fixtures.newRecordId()
            _ = try await Self.push(store, id: id, Self.announcement("Lease", sendAt: Date()))
            let now = Date().addingTimeInterval(1)
            let queue = store.repository
            _ = try await queue.fanOutDuePushMessages(now: now, limit: 10, org: store.org)
            let taken = try await queue.claimPushJobs(now: now, lease: .seconds(60), limit: 10, org: store.org)
            #expect(taken.count == 1)
            #expect(try await queue.claimPushJobs(now: now.addingTimeInterval(30), lease: .seconds(60), limit: 10, org: store.org).isEmpty,
                    "held by the first taker")
            let again = try await queue.claimPushJobs(now: now.addingTimeInterval(61), lease: .seconds(60), limit: 10, org: store.org)
            #expect(again.map(\.attempts) == [2])
        }
    }

    @Test("a submission's decision reaches its submitter's devices, once", arguments: Backend.available)
    func decisionNotice(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana")
            let ben = try await store.newMember("ben")
            try await Self.registerAPNs(store, ana, token: Self.token(11))
            try await Self.registerAPNs(store, ben, token: Self.token(12))
            let sender = FakeSender()
            let service = Self.service(store, sender)
            let submission = try await store.submitOK(ana, "Porch concert")
            let decided = try await store.decide(submission, "approved")
            #expect(decided.status == .applied, "\(decided)")
            try await service.runRound(now: Date().addingTimeInterval(1))
            try await service.runRound(now: Date().addingTimeInterval(2))
            #expect(sender.sent.map(\.target.address) == [Self.token(11)], "the submitter only, once")
            #expect(sender.sent.first?.message.title == "Porch concert")
            #expect(sender.sent.first?.message.record == "submission:\(submission)")
            #expect(sender.sent.first?.message.body.isEmpty == false)
        }
    }

    @Test("in quiet hours only urgent announcements go; the rest wait for their end", arguments: Backend.available)
    func quietHours(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana")
            try await Self.registerAPNs(store, ana, token: Self.token(21))
            let sender = FakeSender()
            let service = Self.service(store, sender)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(try await store.repository.org(slug: store.org)).zone
            let now = Date()
            func clock(_ date: Date) -> String {
                let parts = calendar.dateComponents([.hour, .minute], from: date)
                return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
            }
            let quietEnd = now.addingTimeInterval(3600)
            let settings = Mutation(id: 1, entity: "pushSettings", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                                    fields: .object(["quietFrom": .string(clock(now.addingTimeInterval(-3600))),
                                                     "quietUntil": .string(clock(quietEnd))]))
            #expect(try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [settings])).results[0].status == .applied)
            _ = try await Self.push(store, id: Fixtures.newRecordId(), Self.announcement("Choir practice moved"))
            var urgent = Self.announcement("Building evacuated")
            if case .object(var fields) = urgent { fields["urgent"] = .bool(true); urgent = .object(fields) }
            _ = try await Self.push(store, id: Fixtures.newRecordId(), urgent)
            try await service.runRound(now: now.addingTimeInterval(1))
            try await service.runRound(now: now.addingTimeInterval(2))
            #expect(sender.sent.map(\.message.title) == ["Building evacuated"], "only the urgent one in quiet hours")
            try await service.runRound(now: quietEnd.addingTimeInterval(61))
            #expect(sender.sent.map(\.message.title) == ["Building evacuated", "Choir practice moved"])
        }
    }
}
