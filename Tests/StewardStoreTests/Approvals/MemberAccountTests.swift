import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// App members registering, signing in, renewing and signing out, on every backend.
@Suite("Member accounts")
struct MemberAccountTests {
    @Test("registering answers the member's profile, and the console sees them in the feed without secrets",
          arguments: Backend.available)
    func register(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let response = try await store.register(email: "  Robin@Residents.Example ", name: "Robin Reyes", audience: "students")
            #expect(response.status == .created, "\(response.text)")
            let profile = try JSONValue.parse(Data(response.body.readableBytesView))
            #expect(profile["email"]?.stringValue == "robin@residents.example")
            #expect(profile["displayName"]?.stringValue == "Robin Reyes")
            #expect(profile["audience"]?.stringValue == "students")
            #expect(profile["role"]?.stringValue == "member")
            let id = try #require(profile["id"]?.stringValue)
            let record = try #require(try await store.pullAll().records.first { $0.entity == "member" })
            #expect(record.id == id)
            #expect(record.fields["email"]?.stringValue == "robin@residents.example")
            #expect(!record.fields.canonicalText.contains("pbkdf2"))
            #expect(record.fields["password"] == nil && record.fields["passwordHash"] == nil)
        }
    }

    @Test("a second registration with the same email is refused with one clear message", arguments: Backend.available)
    func duplicateEmail(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            #expect(try await store.register(email: "sam@residents.example").status == .created)
            let again = try await store.register(email: "SAM@residents.example", name: "Someone Else")
            #expect(again.status == .conflict)
            #expect(again.errorBody?.error == ErrorResponse.Code.emailTaken)
            #expect(again.errorBody?.message == "an account with this email already exists; sign in instead")
            // Another organization may have a member with that email.
            #expect(try await store.register(email: "sam@residents.example", org: store.foreignOrg).status == .created)
        }
    }

    @Test("bad registrations answer 400 naming the field", arguments: Backend.available)
    func badRegistrations(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let cases: [(TestResponse, String)] = [
                (try await store.register(email: "not-an-email"), "email:"),
                (try await store.register(email: "a@residents.example", password: "short"), "password:"),
                (try await store.register(email: "b@residents.example", name: "   "), "displayName:"),
                (try await store.register(email: "c@residents.example", name: "Two\nlines"), "displayName:"),
                (try await store.register(email: "d@residents.example", audience: "tourists"), "audience:"),
            ]
            for (response, field) in cases {
                #expect(response.status == .badRequest, "\(response.text)")
                #expect(response.errorBody?.message.hasPrefix(field) == true, "\(response.text)")
            }
            let missing = try await store.request(.post, "/v1/orgs/\(store.org)/members", token: nil,
                                                  body: Data(#"{"email":"e@residents.example","password":"long enough pw"}"#.utf8))
            #expect(missing.status == .badRequest)
            #expect(missing.errorBody?.message == "displayName: is required")
        }
    }

    @Test("registrations from one address are throttled", arguments: Backend.available)
    func registrationThrottle(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.registrationsPerHour = 2
        try await TestStore.with(backend, configuration: configuration) { store in
            for index in 0..<2 {
                #expect(try await store.register(email: "n\(index)@residents.example", source: "198.51.100.7").status == .created)
            }
            let third = try await store.register(email: "n3@residents.example", source: "198.51.100.7")
            #expect(third.status == .tooManyRequests)
            #expect(third.headers[.retryAfter] != nil)
        }
    }

    @Test("signing in answers member tokens; refresh, reuse and sign-out work as for staff", arguments: Backend.available)
    func sessions(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            #expect(member.access.hasPrefix("stwma_") && member.refresh.hasPrefix("stwmr_"))
            #expect(try await store.mine("submissions", member).isEmpty)

            let renewed = try await store.request(.post, "/v1/orgs/\(store.org)/members/session/refresh", token: nil,
                                                  body: try JSONEncoder().encode(RefreshRequest(refreshToken: member.refresh)))
            #expect(renewed.status == .ok, "\(renewed.text)")
            let pair = try JSONValue.parse(Data(renewed.body.readableBytesView))
            let access = try #require(pair["accessToken"]?.stringValue)
            #expect(pair["member"]?["id"]?.stringValue == member.id)
            // Once the new pair is used, the old refresh token coming back is a theft: it ends
            // the session (a repeat before that is a lost answer, and gets a fresh pair).
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/me/submissions", token: access).status == .ok)
            let reused = try await store.request(.post, "/v1/orgs/\(store.org)/members/session/refresh", token: nil,
                                                 body: try JSONEncoder().encode(RefreshRequest(refreshToken: member.refresh)))
            #expect(reused.status == .unauthorized)
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/me/submissions", token: access).status == .unauthorized)

            let other = try await store.newMember("kim")
            let signedOut = try await store.request(.delete, "/v1/orgs/\(store.org)/members/session", token: other.access)
            #expect(signedOut.status == .noContent)
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/me/submissions", token: other.access).status == .unauthorized)
            // A member's refresh token is not a staff one.
            #expect(try await store.refresh(other.refresh).status == .unauthorized)
        }
    }

    @Test("wrong passwords answer one 401 and are throttled apart from staff", arguments: Backend.available)
    func wrongPasswords(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let unknown = try await store.memberSignIn(email: "nobody@residents.example")
            let wrong = try await store.memberSignIn(email: member.email, password: "not the password")
            #expect(unknown.status == .unauthorized && wrong.status == .unauthorized)
            #expect(unknown.text == wrong.text)
            for _ in 0..<4 { _ = try await store.memberSignIn(email: member.email, password: "still wrong") }
            let throttled = try await store.memberSignIn(email: member.email)
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.errorBody?.error == ErrorResponse.Code.tooManyAttempts)
            // A staff member's sign-in is not counted with the member's.
            #expect(try await store.signIn(email: store.staffEmail(.editor)).status == .ok)
        }
    }

    @Test("a disabled member can neither sign in nor use their tokens; enabled again, they can", arguments: Backend.available)
    func disabled(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let off = try await store.decide(entity: "member", id: member.id, fields: ["disabled": .bool(true)])
            #expect(off.status == .applied)
            let refused = try await store.request(.get, "/v1/orgs/\(store.org)/me/submissions", token: member.access)
            #expect(refused.status == .forbidden)
            #expect(refused.errorBody?.error == ErrorResponse.Code.accountDisabled)
            #expect(try await store.memberSignIn(email: member.email).status == .forbidden)
            let on = try await store.decide(entity: "member", id: member.id, fields: ["disabled": .bool(false)])
            #expect(on.status == .applied)
            #expect(try await store.memberSignIn(email: member.email).status == .ok)
        }
    }
}
