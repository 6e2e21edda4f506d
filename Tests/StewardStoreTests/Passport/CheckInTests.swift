import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// Members checking in at passport events, on every backend: the store verifies the code or
/// the position, and gives one stamp per member per event.
@Suite("CheckIn")
struct CheckInTests {
    /// A passport event pushed by staff, with its key; answers its id and secret.
    static func passportEvent(_ store: TestStore, fields: JSONValue, stamps: Int = 2,
                              key: Bool = true) async throws -> (id: String, secret: [UInt8]) {
        guard case .object(var values) = fields else { return ("", []) }
        values["stampValue"] = .int(Int64(stamps))
        let id = Fixtures.newRecordId()
        let made = try await store.decide(entity: SyncEntity.event, id: id, fields: values, token: store.admin)
        #expect(made.status == .applied, "\(made)")
        let secret = (0..<32).map { _ in UInt8.random(in: 0 ... 255) }
        if key {
            let keyed = try await store.decide(entity: RecordType.checkInKey.entity, id: id,
                                               fields: ["event": .string(id), "secret": .string(Data(secret).base64EncodedString())],
                                               token: store.admin)
            #expect(keyed.status == .applied, "\(keyed)")
        }
        return (id, secret)
    }

    /// An event going on now (started an hour ago, two hours long).
    static func now(_ title: String = "Harvest fair") -> JSONValue {
        Fixtures.timed(title, start: Date().addingTimeInterval(-3600))
    }

    static func checkIn(_ store: TestStore, _ member: TestMember, event: String, code: String? = nil,
                        at position: (Double, Double)? = nil) async throws -> TestResponse {
        var body: [String: JSONValue] = ["event": .string(event)]
        if let code { body["code"] = .string(code) }
        if let position { body["latitude"] = .double(position.0); body["longitude"] = .double(position.1) }
        return try await store.request(.post, "/v1/orgs/\(store.org)/me/check-ins", token: member.access,
                                       body: store.json(.object(body)))
    }

    static func stamps(_ store: TestStore, member: String) async throws -> [RemoteRecord] {
        try await store.repository.liveRecords(org: store.org, entity: RecordType.stamp.entity)
            .filter { $0.fields["member"]?.stringValue == member }
    }

    @Test("the current code gives the event's stamps, once; the answer has the entry and the total",
          arguments: Backend.available)
    func accepted(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let event = try await Self.passportEvent(store, fields: Self.now(), stamps: 3)
            let code = CheckInCode(secret: event.secret).code(at: Date())
            let response = try await Self.checkIn(store, member, event: event.id, code: code)
            #expect(response.status == .created, "\(response.text)")
            let answer = try JSONValue.parse(Data(response.body.readableBytesView))
            #expect(answer["entry"]?["event"]?.stringValue == event.id)
            #expect(answer["entry"]?["stamps"]?.int64Value == 3)
            #expect(answer["total"]?.int64Value == 3)
            let entries = try await Self.stamps(store, member: member.id)
            #expect(entries.count == 1)
            #expect(entries.first?.id == answer["entry"]?["id"]?.stringValue)
            #expect(entries.first?.fields["kind"]?.stringValue == "check-in")
            #expect(entries.first?.fields["by"]?.stringValue == "member:\(member.email)")
            #expect(try RecordType.stamp.validate(entries[0].fields, orgZone: .gmt) == entries[0].fields)

            let again = try await Self.checkIn(store, member, event: event.id, code: code)
            #expect(again.status == .conflict)
            #expect(again.errorBody?.error == ErrorResponse.Code.alreadyCheckedIn)
            #expect(try await Self.stamps(store, member: member.id).count == 1)
        }
    }

    @Test("forged, expired, replayed-from-yesterday, early and late codes are refused, each with its code",
          arguments: Backend.available)
    func refused(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let event = try await Self.passportEvent(store, fields: Self.now())
            let generator = CheckInCode(secret: event.secret)
            let now = Date()
            // A guess that is none of the last day's codes, nor the next step's.
            let recent = Set((0...300).map { generator.code(at: now.addingTimeInterval(Double(-$0) * 300 + 300)) })
            let forged = (0...999_999).lazy.map { String(format: "%06d", $0) }.first { !recent.contains($0) }!
            let wrong = try await Self.checkIn(store, member, event: event.id, code: forged)
            #expect(wrong.status == .unprocessableContent, "\(wrong.text)")
            #expect(wrong.errorBody?.error == ErrorResponse.Code.wrongCode)

            let earlier = generator.code(at: now.addingTimeInterval(-20 * 60))
            let expired = try await Self.checkIn(store, member, event: event.id, code: earlier)
            #expect(expired.errorBody?.error == ErrorResponse.Code.codeExpired, "\(expired.text)")

            let yesterday = generator.code(at: now.addingTimeInterval(-86_400 + 600))
            let replayed = try await Self.checkIn(store, member, event: event.id, code: yesterday)
            #expect(replayed.errorBody?.error == ErrorResponse.Code.codeExpired, "\(replayed.text)")

            let later = try await Self.passportEvent(store, fields: Fixtures.timed("Next week", start: now.addingTimeInterval(2 * 86_400)))
            let early = try await Self.checkIn(store, member, event: later.id,
                                               code: CheckInCode(secret: later.secret).code(at: Date()))
            #expect(early.status == .unprocessableContent)
            #expect(early.errorBody?.error == ErrorResponse.Code.checkInNotOpen, "\(early.text)")

            let past = try await Self.passportEvent(store, fields: Fixtures.timed("Last week", start: now.addingTimeInterval(-2 * 86_400)))
            let late = try await Self.checkIn(store, member, event: past.id,
                                              code: CheckInCode(secret: past.secret).code(at: Date()))
            #expect(late.errorBody?.error == ErrorResponse.Code.checkInClosed, "\(late.text)")

            let plain = try await Self.passportEvent(store, fields: Self.now("No stamps"), stamps: 0)
            let notPassport = try await Self.checkIn(store, member, event: plain.id,
                                                     code: CheckInCode(secret: plain.secret).code(at: Date()))
            #expect(notPassport.errorBody?.error == ErrorResponse.Code.notPassportEvent, "\(notPassport.text)")

            let unknown = try await Self.checkIn(store, member, event: Fixtures.newRecordId(), code: "123456")
            #expect(unknown.status == .notFound)
            #expect(try await Self.stamps(store, member: member.id).isEmpty)
        }
    }

    @Test("an ongoing event checks the position: within 200 m, no code", arguments: Backend.available)
    func position(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            var details = EventDetails(title: "Mural walk", timing: .untimed)
            details.coordinate = Coordinate(latitude: 48.8566, longitude: 2.3522)
            let event = try await Self.passportEvent(store, fields: details.syncFields, key: false)
            let far = try await Self.checkIn(store, member, event: event.id, at: (48.8656, 2.3522))  // about 1 km north
            #expect(far.status == .unprocessableContent)
            #expect(far.errorBody?.error == ErrorResponse.Code.tooFarAway, "\(far.text)")
            let nowhere = try await Self.checkIn(store, member, event: event.id)
            #expect(nowhere.status == .badRequest)
            #expect(try await Self.stamps(store, member: member.id).isEmpty)
            let near = try await Self.checkIn(store, member, event: event.id, at: (48.8570, 2.3525))  // about 50 m
            #expect(near.status == .created, "\(near.text)")
        }
    }

    @Test("50 concurrent check-ins of one member at one event give one stamp", arguments: Backend.available)
    func concurrent(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.checkInAttemptsPer10Minutes = 1_000
        try await TestStore.with(backend, configuration: configuration) { store in
            let member = try await store.newMember()
            let event = try await Self.passportEvent(store, fields: Self.now())
            let code = CheckInCode(secret: event.secret).code(at: Date())
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 {
                    group.addTask { Int(try await Self.checkIn(store, member, event: event.id, code: code).status.code) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 409 }.count == 49, "\(statuses)")
            #expect(try await Self.stamps(store, member: member.id).count == 1)
        }
    }

    @Test("a stamp staff granted counts: the member cannot also check in", arguments: Backend.available)
    func granted(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let event = try await Self.passportEvent(store, fields: Self.now())
            guard case .object(let grant) = StampEntry.fields(member: member.id, event: event.id, stamps: 2, kind: .grant,
                                                              by: "staff", at: Date(), note: "Signed the paper sheet")
            else { return }
            let pushed = try await store.decide(entity: RecordType.stamp.entity, id: Fixtures.newRecordId(), fields: grant,
                                                token: store.admin)
            #expect(pushed.status == .applied, "\(pushed)")
            let response = try await Self.checkIn(store, member, event: event.id,
                                                  code: CheckInCode(secret: event.secret).code(at: Date()))
            #expect(response.status == .conflict)
            #expect(response.errorBody?.error == ErrorResponse.Code.alreadyCheckedIn)
            #expect(try await Self.stamps(store, member: member.id).count == 1)
        }
    }

    @Test("guesses are throttled per member and event; staff tokens are refused; keys are never served",
          arguments: Backend.available)
    func throttled(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.checkInAttemptsPer10Minutes = 3
        try await TestStore.with(backend, configuration: configuration) { store in
            let member = try await store.newMember()
            let event = try await Self.passportEvent(store, fields: Self.now())
            for _ in 0..<3 { _ = try await Self.checkIn(store, member, event: event.id, code: "x") }
            let fourth = try await Self.checkIn(store, member, event: event.id,
                                                code: CheckInCode(secret: event.secret).code(at: Date()))
            #expect(fourth.status == .tooManyRequests)
            #expect(fourth.errorBody?.error == ErrorResponse.Code.tooManyAttempts)
            #expect(try await Self.stamps(store, member: member.id).isEmpty)

            let staff = try await store.request(.post, "/v1/orgs/\(store.org)/me/check-ins", token: store.admin,
                                                body: store.json(.object(["event": .string(event.id), "code": .string("1")])))
            #expect(staff.status == .forbidden)
            let keys = try await store.request(.get, "/v1/orgs/\(store.org)/\(RecordType.checkInKey.commandName)",
                                               token: member.access)
            #expect(keys.status == .notFound)
        }
    }
}
