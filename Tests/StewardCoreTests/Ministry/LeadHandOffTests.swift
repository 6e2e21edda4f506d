import Foundation
import Testing
@testable import StewardCore

/// A routed lead handed to the group's leader as an e-mail draft.
@Suite("Lead hand-off to a group leader")
struct LeadHandOffTests {
    static func group(contact: String) -> JSONValue {
        .object(["name": .string("North Campus Women"), "leader": .string("Hannah Wells"), "leaderContact": .string(contact)])
    }
    let group = Self.group(contact: " hannah@crossroads.example ")
    let lead: JSONValue = .object(["name": .string("Ava Thompson"), "contact": .string("ava+campus@example.edu"),
                                   "interests": .string("small group, worship"), "availability": .string("")])

    @Test("the draft goes to the leader, names the student and lists what they typed, leaving out blank answers")
    func draft() throws {
        let body = LeadHandOff.body(lead: lead, group: group, organization: "Crossroads Campus Ministry")
        #expect(body.hasPrefix("Hello Hannah Wells,\n\nAva Thompson answered \"get involved\" and we think North Campus Women is a good fit."))
        #expect(body.contains("- Contact: ava+campus@example.edu\n- Interests: small group, worship\n\n"))
        #expect(!body.contains("Available:"))
        #expect(body.hasSuffix("Thank you,\nCrossroads Campus Ministry"))
        #expect(LeadHandOff.subject(lead: lead) == "Someone would like to join your group: Ava Thompson")

        let mailto = try #require(LeadHandOff.mailto(lead: lead, group: group, organization: "Crossroads Campus Ministry"))
        #expect(mailto.hasPrefix("mailto:hannah@crossroads.example?subject=Someone%20would%20like%20to%20join%20your%20group"))
        let query = try #require(URLComponents(string: mailto)?.queryItems)
        #expect(query.first { $0.name == "body" }?.value == body.replacingOccurrences(of: "\n", with: "\r\n"))
        // A "+" in the student's address reaches the leader as a plus, not a space.
        #expect(mailto.contains("ava%2Bcampus%40example.edu") || mailto.contains("ava%2Bcampus@example.edu"))
    }

    @Test("a leader reached by phone, or with no contact, gets no draft")
    func noEmail() {
        #expect(LeadHandOff.mailto(lead: lead, group: Self.group(contact: "+1 805 555 0113"), organization: "Crossroads") == nil)
        #expect(LeadHandOff.mailto(lead: lead, group: Self.group(contact: ""), organization: "Crossroads") == nil)
    }
}
