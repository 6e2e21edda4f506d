import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// A member's token reaches only the member endpoints (and the apps' reads); staff and API
/// tokens, of any organization, do not reach the member endpoints.
@Suite("Members and staff kept apart")
struct MemberIsolationTests {
    @Test("a member's token is refused everywhere staff-only", arguments: Backend.available)
    func memberRefusedOnStaffEndpoints(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let push = try await store.push(PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(1)),
                                            token: member.access)
            let staffOnly = [
                push,
                try await store.changes(token: member.access),
                try await store.history(id: member.id, token: member.access),
                try await store.request(.delete, "/v1/orgs/\(store.org)/session", token: member.access),
            ]
            for response in staffOnly {
                #expect(response.status == .forbidden, "\(response.text)")
                #expect(response.errorBody?.message == "a member's token reaches only the member endpoints")
            }
            // Nothing was pushed.
            #expect(try await store.pullAll().records.allSatisfy { $0.entity != "event" })
            // The apps' reads are for members too.
            #expect(try await store.upcoming(token: member.access).status == .ok)
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/bulletins", token: member.access).status == .ok)
            // Of their own organization only.
            let foreign = try await store.request(.get, "/v1/orgs/\(store.foreignOrg)/me/submissions", token: member.access)
            #expect(foreign.status == .forbidden)
        }
    }

    @Test("staff and API tokens, of this organization or another, are refused on member endpoints",
          arguments: Backend.available)
    func staffRefusedOnMemberEndpoints(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            let fields = store.json(TestStore.eventFields("Changed"))
            let tokens = [store.admin, store.staffTokens[.admin]!, store.staffTokens[.approver]!,
                          store.foreignStaffTokens[.admin]!, store.foreignTokens[.admin]!]
            for token in tokens {
                let answers = [
                    try await store.request(.post, "/v1/orgs/\(store.org)/submissions/events", token: token, body: fields),
                    try await store.request(.put, "/v1/orgs/\(store.org)/submissions/events/\(id)", token: token, body: fields),
                    try await store.request(.get, "/v1/orgs/\(store.org)/me/submissions", token: token),
                    try await store.request(.get, "/v1/orgs/\(store.org)/me/notifications", token: token),
                    try await store.request(.delete, "/v1/orgs/\(store.org)/members/session", token: token),
                ]
                for response in answers {
                    #expect(response.status == .forbidden, "\(response.text)")
                }
            }
            #expect(try await store.submissionStatus(id) == "pending")
        }
    }

    @Test("a member sharing a staff member's email gets no staff powers", arguments: Backend.available)
    func sameEmail(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let email = store.staffEmail(.admin)
            #expect(try await store.register(email: email, password: TestStore.staffPassword).status == .created)
            let signedIn = try await store.memberSignIn(email: email, password: TestStore.staffPassword)
            #expect(signedIn.status == .ok)
            let access = try #require(try JSONValue.parse(Data(signedIn.body.readableBytesView))["accessToken"]?.stringValue)
            #expect(try await store.changes(token: access).status == .forbidden)
            // And the staff member still signs in as staff, with their role.
            #expect(try await store.signInOK(.admin).role == .admin)
        }
    }
}
