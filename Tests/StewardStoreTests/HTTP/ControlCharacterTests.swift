import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Text from the wire that a database cannot keep as it is (NUL in PostgreSQL text) gets a
/// clear answer, never a 5xx, on every backend.
@Suite("Control characters")
struct ControlCharacterTests {
    @Test("a client id with a control character is refused as malformed", arguments: Backend.available)
    func clientIdWithNUL(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let response = try await store.push(PushRequest(clientId: "console\u{0}one", mutations: [
                Fixtures.upsert(1, Fixtures.newRecordId()),
            ]))
            #expect(response.status == .badRequest)
            #expect(response.errorBody?.message == "clientId: must not contain control characters")
        }
    }

    @Test("a refusal that quotes a NUL sent in a field is stored and answered", arguments: Backend.available)
    func reasonQuotingNUL(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "fund", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                         fields: .object(["name": .string("Missions"), "url": .string("https://give\u{0}.example")])),
            ]))
            #expect(answer.results.map(\.status) == [.rejected])
            #expect(answer.results.first?.reason?.contains("\u{FFFD}") == true)
        }
    }

    /// A JSON body as an app sends it, with `\u0000` escapes left as the client wrote them.
    static func body(_ text: String) -> Data { Data(text.utf8) }

    @Test("a member's text with NUL is refused naming the field; staff pushes and deletions keep working",
          arguments: Backend.available)
    func memberTextWithNUL(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId("console")
            let question = Fixtures.newRecordId(), event = Fixtures.newRecordId()
            guard case .object(var rides) = Fixtures.untimed("Weekly Meeting") else { return }
            rides["rideSharing"] = .bool(true)
            let setUp = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Mutation(id: 1, entity: "question", recordId: question, operation: .upsert, baseVersion: 0,
                         fields: .object(["prompt": .string("Anything to add?"), "type": .string("short-text")])),
                Fixtures.upsert(2, event, fields: .object(rides)),
            ]))
            #expect(setUp.results.map(\.status) == [.applied, .applied])
            let member = try await store.newMember()

            let answer = try await store.request(.post, "/v1/orgs/\(store.org)/me/answers", token: member.access, body: Self.body(
                #"{"question": "\#(question)", "version": 1, "value": "a\u0000b"}"#))
            #expect(answer.status == .badRequest, "\(answer.text)")
            #expect(answer.errorBody?.message.hasPrefix("value: ") == true, "\(answer.text)")
            #expect(answer.errorBody?.message.contains("NUL") == true, "\(answer.text)")

            let offer = try await store.request(.post, "/v1/orgs/\(store.org)/me/ride-offers", token: member.access, body: Self.body(
                #"{"event": "\#(event)", "seats": 3, "direction": "to", "pickupPlace": "Poly\u0000Canyon", "pickupLatitude": "35.30", "pickupLongitude": "-120.66", "radiusKm": 5, "departAt": "2026-12-04T02:30:00Z"}"#))
            #expect(offer.status == .badRequest, "\(offer.text)")
            #expect(offer.errorBody?.message.hasPrefix("pickupPlace: ") == true, "\(offer.text)")

            let submission = try await store.request(.post, "/v1/orgs/\(store.org)/submissions/events", token: member.access,
                                                     body: Self.body(#"{"title": "Fair", "timing": "untimed", "links": [{"label": "x\u0000", "url": "https://a.example"}]}"#))
            #expect(submission.status == .badRequest, "\(submission.text)")
            #expect(submission.errorBody?.message.hasPrefix("links[0].label: ") == true, "\(submission.text)")

            let lead = try await store.request(.post, "/v1/orgs/\(store.org)/me/leads", token: member.access,
                                               body: Self.body(#"{"interests": "music\u0000"}"#))
            #expect(lead.status == .badRequest, "\(lead.text)")

            // Every app endpoint reads its body the same way, check-ins included.
            let checkIn = try await store.request(.post, "/v1/orgs/\(store.org)/me/check-ins", token: member.access,
                                                  body: Self.body(#"{"event": "\#(event)", "code": "12\u00003456"}"#))
            #expect(checkIn.status == .badRequest, "\(checkIn.text)")
            #expect(checkIn.errorBody?.message.hasPrefix("code: ") == true, "\(checkIn.text)")

            // Nothing of it was stored: staff still edit questions and delete events.
            let stored = try #require(try await store.stored("question", question))
            let eventVersion = try #require(try await store.stored(SyncEntity.event, event)).version
            let after = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Mutation(id: 3, entity: "question", recordId: question, operation: .upsert, baseVersion: stored.version,
                         fields: .object(["prompt": .string("Anything else to add?"), "type": .string("short-text")])),
                Fixtures.delete(4, event, base: eventVersion),
            ]))
            #expect(after.results.map(\.status) == [.applied, .applied], "\(after.results)")
            let records = try await store.repository.allRecords(org: store.org)
            #expect(!records.contains { $0.fields.canonicalText.contains("\\u0000") })
        }
    }

    @Test("a staff push with NUL in a field is that mutation's rejection, naming the field; the rest applies",
          arguments: Backend.available)
    func pushedTextWithNUL(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "question", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                         fields: .object(["prompt": .string("How\u{0} are you?"), "type": .string("short-text")])),
                Fixtures.upsert(2, Fixtures.newRecordId()),
                Mutation(id: 3, entity: "event", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                         fields: EventDetails(title: "Fair\u{0}", timing: .untimed).syncFields),
            ]))
            #expect(answer.results.map(\.status) == [.rejected, .applied, .rejected])
            #expect(answer.results[0].reason?.hasPrefix("prompt: ") == true, "\(answer.results)")
            #expect(answer.results[0].reason?.contains("NUL") == true, "\(answer.results)")
            #expect(answer.results[2].reason?.hasPrefix("title: ") == true, "\(answer.results)")
        }
    }

    @Test("unstorable text is found wherever it is, keys included")
    func unstorableTextPaths() throws {
        #expect(JSONValue.object(["a": .string("fine"), "b": .array([.int(1), .string("ok")])]).unstorableTextPath == nil)
        #expect(JSONValue.object(["a": .string("x\u{0}")]).unstorableTextPath == "a")
        #expect(JSONValue.object(["links": .array([.object(["url": .string("u")]), .object(["label": .string("\u{0}")])])])
                    .unstorableTextPath == "links[1].label")
        #expect(JSONValue.object(["ke\u{0}y": .string("v")]).unstorableTextPath != nil)
        #expect(JSONValue.string("\u{0}").unstorableTextPath == "")
        // Lone surrogates never get this far: the JSON reader refuses them.
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"a": "\uD800"}"#) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"a": "\uDC00x"}"#) }
    }

    /// Puts a NUL escape into stored records' text, as a store before this check let members do.
    static func poison(_ store: TestStore, entity: String, replacing text: String) async throws {
        let poisoned = text.prefix(1) + "\\u0000" + text.dropFirst()
        if let sqlite = store.repository as? SQLiteStoreRepository {
            try await sqlite.pool.write { db in
                try db.execute(sql: "UPDATE records SET fields = replace(fields, ?, ?) WHERE org = ? AND entity = ?",
                               arguments: [text, String(poisoned), store.org, entity])
            }
        } else if let postgres = store.repository as? PostgresStoreRepository {
            try await postgres.transaction { connection, logger in
                try await connection.query("""
                    UPDATE records SET fields = replace(fields, \(text), \(String(poisoned))) WHERE org = \(store.org) AND entity = \(entity)
                    """, logger: logger)
            }
        }
        let stored = try await store.repository.liveRecords(org: store.org, entity: entity)
        #expect(stored.contains { $0.fields.canonicalText.contains("\\u0000") }, "the test's poison did not take")
    }

    @Test("records stored with a NUL before the store refused them do not stop staff's pushes",
          arguments: Backend.available)
    func poisonedRowsStayReadable(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId("console")
            let question = Fixtures.newRecordId(), event = Fixtures.newRecordId(), other = Fixtures.newRecordId()
            guard case .object(var rides) = Fixtures.untimed("Weekly Meeting") else { return }
            rides["rideSharing"] = .bool(true)
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Mutation(id: 1, entity: "question", recordId: question, operation: .upsert, baseVersion: 0,
                         fields: .object(["prompt": .string("Anything to add?"), "type": .string("short-text")])),
                Fixtures.upsert(2, event, fields: .object(rides)),
                Fixtures.upsert(3, other),
            ]))
            let member = try await store.newMember()
            let answered = try await store.request(.post, "/v1/orgs/\(store.org)/me/answers", token: member.access,
                                                   body: Self.body(#"{"question": "\#(question)", "version": 1, "value": "poisoned"}"#))
            #expect(answered.status == .created, "\(answered.text)")
            let offered = try await store.request(.post, "/v1/orgs/\(store.org)/me/ride-offers", token: member.access,
                                                  body: store.json(RideMemberEndpointTests.offer(event: event)))
            #expect(offered.status == .created, "\(offered.text)")
            try await Self.poison(store, entity: "answer", replacing: "poisoned")
            try await Self.poison(store, entity: "rideOffer", replacing: "Poly Canyon")

            let questionVersion = try #require(try await store.stored("question", question)).version
            let otherVersion = try #require(try await store.stored(SyncEntity.event, other)).version
            let after = try await store.pushOK(PushRequest(clientId: client, mutations: [
                // Answered: moved in the list, its wording kept (the admission rule reads its answers).
                Mutation(id: 4, entity: "question", recordId: question, operation: .upsert, baseVersion: questionVersion,
                         fields: .object(["prompt": .string("Anything to add?"), "type": .string("short-text"),
                                          "position": .int(2)])),
                Fixtures.delete(5, other, base: otherVersion),
            ]))
            #expect(after.results.map(\.status) == [.applied, .applied], "\(after.results)")
        }
    }
}
