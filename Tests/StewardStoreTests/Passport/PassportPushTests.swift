import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// The store keeps the stamp ledger append-only, whatever a console sends.
@Suite("Passport stamp ledger on the store")
struct PassportPushTests {
    static func stamp(_ id: Int64, _ recordId: String, member: String, event: String, base: Int64 = 0,
                      note: String = "Signed the paper sheet") -> Mutation {
        Mutation(id: id, entity: "stamp", recordId: recordId, operation: .upsert, baseVersion: base,
                 fields: .object(["member": .string(member), "event": .string(event), "stamps": .int(1),
                                  "kind": .string("grant"), "by": .string("staff@riverton.example"),
                                  "at": .string("2026-11-20T15:00:00.000Z"), "note": .string(note)]))
    }

    @Test("a new entry is stored; changing or deleting it is refused", arguments: Backend.available)
    func appendOnly(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            // Registration still writes a valid member, the leaderboard's fields at their defaults.
            let registered = try #require(try await store.stored("member", member.id))
            #expect(registered.fields["leaderboard"] == .string("default"))
            #expect(registered.fields["minor"] == .bool(false))

            let event = Fixtures.newRecordId(), entry = Fixtures.newRecordId()
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "event", recordId: event, operation: .upsert, baseVersion: 0,
                         fields: TestStore.eventFields("Food Fair")),
                Self.stamp(2, entry, member: member.id, event: event),
                Self.stamp(3, entry, member: member.id, event: event, base: 2, note: "Edited"),
                Mutation(id: 4, entity: "stamp", recordId: entry, operation: .delete, baseVersion: 2, fields: nil),
                Self.stamp(5, Fixtures.newRecordId(), member: Fixtures.newRecordId(), event: event),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .applied, .rejected, .rejected, .rejected])
            #expect(answer.results[2].reason == "stamp entries are never changed; revoke with a reversing entry")
            #expect(answer.results[3].reason == "stamp entries are never changed; revoke with a reversing entry")
            #expect(answer.results[4].reason?.hasPrefix("member: there is no member") == true)
            let stored = try #require(try await store.stored("stamp", entry))
            #expect(stored.fields["note"] == .string("Signed the paper sheet"))
            #expect(!stored.deleted)
        }
    }

    @Test("a grant made on two consoles while offline is one stamp: the second is refused, saying so",
          arguments: Backend.available)
    func oneStampFromTwoConsoles(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let event = Fixtures.newRecordId()
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "event", recordId: event, operation: .upsert, baseVersion: 0,
                         fields: TestStore.eventFields("Food Fair")),
            ]))
            // Both consoles derive the entry's id from the member and the event.
            let id = CheckInRules.entryId(member: member.id, event: event)
            let first = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Self.stamp(1, id, member: member.id, event: event, note: "Paper sheet at the door"),
            ]))
            let second = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Self.stamp(1, id, member: member.id, event: event, note: "Seen there by the host"),
            ]))
            #expect(first.results.map(\.status) == [.applied])
            #expect(second.results.map(\.status) == [.rejected])
            #expect(second.results.first?.reason?.contains("already has a stamp for this event") == true)
            let stored = try #require(try await store.stored("stamp", id))
            #expect(stored.fields["note"] == .string("Paper sheet at the door"))
        }
    }

    @Test("an event's check-in key does not keep it from being deleted; its stamp entries do",
          arguments: Backend.available)
    func keyFollowsItsEvent(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let walk = Fixtures.newRecordId(), fair = Fixtures.newRecordId()
            let secret = Data((0..<32).map { UInt8($0) }).base64EncodedString()
            func key(_ id: Int64, _ event: String) -> Mutation {
                Mutation(id: id, entity: RecordType.checkInKey.entity, recordId: event, operation: .upsert, baseVersion: 0,
                         fields: .object(["event": .string(event), "secret": .string(secret)]))
            }
            let made = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "event", recordId: walk, operation: .upsert, baseVersion: 0,
                         fields: TestStore.eventFields("Mural Walk")),
                key(2, walk),
                Mutation(id: 3, entity: "event", recordId: fair, operation: .upsert, baseVersion: 0,
                         fields: TestStore.eventFields("Food Fair")),
                key(4, fair),
                Self.stamp(5, Fixtures.newRecordId(), member: member.id, event: fair),
            ]))
            #expect(made.results.map(\.status) == [.applied, .applied, .applied, .applied, .applied])
            let deleted = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "event", recordId: walk, operation: .delete, baseVersion: made.results[0].version ?? 0,
                         fields: nil),
                Mutation(id: 2, entity: "event", recordId: fair, operation: .delete, baseVersion: made.results[2].version ?? 0,
                         fields: nil),
            ]))
            #expect(deleted.results.map(\.status) == [.applied, .rejected])
            #expect(deleted.results[1].reason?.contains("still used by the stamp entry") == true, "\(deleted.results[1])")
            #expect(try await store.stored("event", walk)?.deleted == true)
            // The key stays (keys are never changed), for the event to come back with its codes.
            #expect(try await store.stored(RecordType.checkInKey.entity, walk)?.deleted == false)
        }
    }

    static func grant(member: String, event: String, note: String = "Signed the paper sheet") -> [String: JSONValue] {
        guard case .object(let fields) = StampEntry.fields(member: member, event: event, stamps: 2, kind: .grant, by: "staff",
                                                           at: Date(), note: note) else { return [:] }
        return fields
    }

    static func liveEntries(_ store: TestStore, member: String, event: String) async throws -> [RemoteRecord] {
        try await CheckInTests.stamps(store, member: member).filter { $0.fields["event"]?.stringValue == event }
    }

    @Test("a grant under a fresh id for a member who checked in is refused, naming the entry they hold",
          arguments: Backend.available)
    func freshIdAfterCheckIn(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let event = try await CheckInTests.passportEvent(store, fields: CheckInTests.now())
            let checkedIn = try await CheckInTests.checkIn(store, member, event: event.id,
                                                           code: CheckInCode(secret: event.secret).code(at: Date()))
            #expect(checkedIn.status == .created, "\(checkedIn.text)")
            let held = CheckInRules.entryId(member: member.id, event: event.id)
            for attempt in 0..<2 {
                let pushed = try await store.decide(entity: RecordType.stamp.entity, id: Fixtures.newRecordId(),
                                                    fields: Self.grant(member: member.id, event: event.id, note: "Try \(attempt)"),
                                                    token: store.admin)
                #expect(pushed.status == .rejected, "\(pushed)")
                #expect(pushed.reason?.contains("already has a stamp for this event: entry \(held)") == true, "\(pushed)")
            }
            #expect(try await Self.liveEntries(store, member: member.id, event: event.id).map(\.id) == [held])
            #expect(try await store.repository.stampTotal(org: store.org, member: member.id)?.stamps == 2)
        }
    }

    @Test("grants under fresh ids: the first counts, a second (in a later push or the same batch) is refused; after a revocation one counts again",
          arguments: Backend.available)
    func freshIdAfterGrant(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let event = try await CheckInTests.passportEvent(store, fields: CheckInTests.now(), key: false)
            let first = Fixtures.newRecordId(), second = Fixtures.newRecordId(), third = Fixtures.newRecordId()
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "stamp", recordId: first, operation: .upsert, baseVersion: 0,
                         fields: .object(Self.grant(member: member.id, event: event.id))),
                Mutation(id: 2, entity: "stamp", recordId: second, operation: .upsert, baseVersion: 0,
                         fields: .object(Self.grant(member: member.id, event: event.id, note: "Seen by the host"))),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .rejected])
            #expect(answer.results[1].reason?.contains("entry \(first)") == true, "\(answer.results)")
            let later = try await store.decide(entity: "stamp", id: third, fields: Self.grant(member: member.id, event: event.id),
                                               token: store.admin)
            #expect(later.status == .rejected, "\(later)")
            #expect(try await Self.liveEntries(store, member: member.id, event: event.id).map(\.id) == [first])

            // Revoked, the stamp may be given again, under any id; then only once more.
            guard case .object(let revoke) = StampEntry.fields(member: member.id, event: event.id, stamps: -2, kind: .revoke,
                                                               by: "staff", at: Date(), note: "Not there", reverses: first)
            else { return }
            #expect(try await store.decide(entity: "stamp", id: Fixtures.newRecordId(), fields: revoke, token: store.admin).status
                    == .applied)
            #expect(try await store.decide(entity: "stamp", id: second, fields: Self.grant(member: member.id, event: event.id),
                                           token: store.admin).status == .applied)
            let again = try await store.decide(entity: "stamp", id: Fixtures.newRecordId(),
                                               fields: Self.grant(member: member.id, event: event.id), token: store.admin)
            #expect(again.status == .rejected, "\(again)")
            #expect(again.reason?.contains("entry \(second)") == true, "\(again)")
            #expect(try await store.repository.stampTotal(org: store.org, member: member.id)?.stamps == 2)
        }
    }

    @Test("concurrent grants under fresh ids and check-ins for one member and event give one stamp",
          arguments: Backend.available)
    func concurrentFreshIds(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.checkInAttemptsPer10Minutes = 1_000
        try await TestStore.with(backend, configuration: configuration) { store in
            let member = try await store.newMember()
            let event = try await CheckInTests.passportEvent(store, fields: CheckInTests.now())
            let code = CheckInCode(secret: event.secret).code(at: Date())
            let applied = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<24 {
                    group.addTask {
                        if index.isMultiple(of: 3) {
                            return try await CheckInTests.checkIn(store, member, event: event.id, code: code).status == .created
                        }
                        let pushed = try await store.push(PushRequest(clientId: Fixtures.clientId("console\(index)"), mutations: [
                            Mutation(id: 1, entity: "stamp", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                                     fields: .object(Self.grant(member: member.id, event: event.id))),
                        ]))
                        return try pushed.decode(PushResponse.self).results.first?.status == .applied
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(applied == 1)
            #expect(try await Self.liveEntries(store, member: member.id, event: event.id).count == 1)
            #expect(try await store.repository.stampTotal(org: store.org, member: member.id)?.stamps == 2)
        }
    }
}
