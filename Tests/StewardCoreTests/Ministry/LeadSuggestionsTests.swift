import Foundation
import Testing
@testable import StewardCore

/// The groups and teams suggested for a lead from the questionnaire: ranked, with the reason in
/// words, leaving out what cannot take the lead.
@Suite("Lead suggestions")
struct LeadSuggestionsTests {
    static let org = UUID()

    static func record(_ type: RecordType, _ fields: [String: JSONValue]) -> LocalRecord {
        LocalRecord(entity: type.entity, orgId: org, fields: .object(fields))
    }

    static func group(_ name: String, day: String, time: String, capacity: Int64? = nil, members: Int64? = nil,
                      gender: String? = nil, years: [String] = [], area: String = "", topics: [String] = []) -> LocalRecord {
        var fields: [String: JSONValue] = ["name": .string(name), "leader": .string("Leader of \(name)"),
                                           "meetingDay": .string(day), "meetingTime": .string(time),
                                           "years": .array(years.map(JSONValue.string)), "area": .string(area),
                                           "topics": .array(topics.map(JSONValue.string))]
        if let capacity { fields["capacity"] = .int(capacity) }
        if let members { fields["members"] = .int(members) }
        if let gender { fields["gender"] = .string(gender) }
        return record(.communityGroup, fields)
    }

    static func lead(gender: String? = "woman", year: String? = "sophomore", area: String? = "north campus",
                     days: [String] = ["tuesday", "thursday"], times: [String] = ["evening"],
                     interests: String = "small group, Bible study") -> JSONValue {
        var fields: [String: JSONValue] = ["name": .string("Ava Thompson"), "interests": .string(interests),
                                           "freeDays": .array(days.map(JSONValue.string)), "freeTimes": .array(times.map(JSONValue.string))]
        if let gender { fields["gender"] = .string(gender) }
        if let year { fields["year"] = .string(year) }
        if let area { fields["area"] = .string(area) }
        return .object(fields)
    }

    let women = group("North Campus Women", day: "tuesday", time: "19:30", capacity: 12, members: 9, gender: "women",
                      years: ["sophomore", "junior"], area: "North Campus", topics: ["bible study", "prayer"])
    let men = group("Engineering Guys", day: "tuesday", time: "19:30", capacity: 10, gender: "men")
    let freshmen = group("Freshmen Mixed", day: "monday", time: "19:00", capacity: 15, years: ["freshman"], area: "North Campus")
    let lunch = group("Grad Lunch", day: "thursday", time: "12:00", area: "South Campus")

    @Test("the best fit comes first, with why: her free evening, her year, her area, her interest and the places left")
    func ranked() {
        let ranked = LeadSuggestions.rank(lead: Self.lead(), leadId: nil, groups: [freshmen, lunch, women], teams: [], leads: [])
        #expect(ranked.map(\.label) == ["North Campus Women (Leader of North Campus Women)",
                                        "Grad Lunch (Leader of Grad Lunch)", "Freshmen Mixed (Leader of Freshmen Mixed)"])
        let best = ranked[0]
        #expect(best.kind == .group)
        #expect(best.id == women.id)
        #expect(best.reasons == ["meets Tuesday 19:30, when she is free", "for women", "for sophomores", "North Campus",
                                 "interested in bible study", "3 places left"])
        #expect(best.reason.hasPrefix("meets Tuesday 19:30, when she is free; for women; for sophomores"))
        #expect(best.placesLeft == 3)
        // Not free at noon, not her area: said, and ranked under it.
        #expect(ranked[1].reasons == ["meets Thursday 12:00, when she is not free", "South Campus, not north campus"])
        #expect(ranked[2].reasons.contains("for freshmen, not sophomores"))
        #expect(ranked[0].score > ranked[1].score && ranked[1].score > ranked[2].score)
    }

    @Test("a group for the other gender and a full one are left out")
    func leftOut() {
        #expect(LeadSuggestions.rank(lead: Self.lead(), leadId: nil, groups: [men, women], teams: [], leads: []).map(\.id) == [women.id])
        let him = Self.lead(gender: "man")
        #expect(LeadSuggestions.rank(lead: him, leadId: nil, groups: [men, women], teams: [], leads: []).map(\.id) == [men.id])
        // Nine come and three leads are routed there, one of them not interested: two take places.
        func routed(_ state: String) -> LocalRecord {
            Self.record(.lead, ["name": .string("Someone"), "group": .string(women.id.uuidString.lowercased()), "state": .string(state)])
        }
        let waiting = [routed("new"), routed("joined")]
        let one = LeadSuggestions.rank(lead: Self.lead(), leadId: nil, groups: [women], teams: [], leads: waiting + [routed("not-interested")])
        #expect(one.first?.placesLeft == 1)
        #expect(one.first?.reasons.last == "1 place left")
        #expect(LeadSuggestions.rank(lead: Self.lead(), leadId: nil, groups: [women], teams: [], leads: waiting + [routed("contacted")]).isEmpty)
        // The lead's own routing does not take its place away.
        let own = routed("new")
        #expect(LeadSuggestions.rank(lead: Self.lead(), leadId: own.id, groups: [women], teams: [], leads: waiting + [own]).count == 1)
    }

    @Test("a lead who said little is still offered every group, without points for what is not known")
    func unknownAnswers() {
        let quiet: JSONValue = .object(["name": .string("Sam")])
        let ranked = LeadSuggestions.rank(lead: quiet, leadId: nil, groups: [men, women], teams: [], leads: [])
        #expect(ranked.count == 2)
        #expect(ranked.allSatisfy { $0.score == 0 })
        #expect(Array(ranked.first { $0.id == women.id }?.reasons.prefix(2) ?? []) == ["meets Tuesday 19:30", "for women"])
        let him = LeadSuggestions.rank(lead: Self.lead(gender: nil), leadId: nil, groups: [women], teams: [], leads: [])
        #expect(him.first?.reasons.first == "meets Tuesday 19:30, when they are free")
    }

    @Test("teams are offered on the interests they suit, or when the lead would like to serve; closed teams never")
    func teams() {
        let worship = Self.record(.ministryTeam, ["name": .string("Worship Team"), "meets": .string("Thursdays 17:30, Chapel"),
                                                  "openToNew": .bool(true), "topics": .array([.string("music"), .string("singing")])])
        let outreach = Self.record(.ministryTeam, ["name": .string("Outreach"), "openToNew": .bool(true)])
        let media = Self.record(.ministryTeam, ["name": .string("Media"), "openToNew": .bool(false)])
        let singing = LeadSuggestions.rank(lead: Self.lead(interests: "worship team"), leadId: nil, groups: [], teams: [worship, outreach, media], leads: [])
        #expect(singing.map(\.id) == [worship.id])
        #expect(singing[0].kind == .team)
        #expect(singing[0].reasons == ["meets Thursdays 17:30, Chapel", "interested in Worship Team", "open to new members"])
        let serving = LeadSuggestions.rank(lead: Self.lead(interests: "I'd like to serve, and Media"), leadId: nil,
                                           groups: [], teams: [worship, outreach, media], leads: [])
        #expect(Set(serving.map(\.id)) == [worship.id, outreach.id])
        #expect(serving.allSatisfy { $0.reasons.contains("would like to serve") })
        #expect(LeadSuggestions.rank(lead: Self.lead(interests: "small group"), leadId: nil, groups: [], teams: [worship, outreach],
                                     leads: []).isEmpty)
        // Groups first, then teams.
        let both = LeadSuggestions.rank(lead: Self.lead(interests: "bible study, singing"), leadId: nil, groups: [women], teams: [worship], leads: [])
        #expect(both.map(\.kind) == [.group, .team])
    }

    @Test("the questionnaire's words are checked; a joined lead names a group or a team")
    func questionnaireFields() throws {
        func refused(_ type: RecordType, _ values: [String: JSONValue]) -> [String] {
            do {
                _ = try type.validate(.object(values), orgZone: .gmt)
                return []
            } catch {
                return error.issues.map(\.field)
            }
        }
        let lead: [String: JSONValue] = ["name": .string("Ava"), "contact": .string("ava@calpoly.example"), "gender": .string("woman"),
                                         "year": .string("sophomore"), "area": .string("North Campus"),
                                         "freeDays": .array([.string("Tuesday")]), "freeTimes": .array([.string("evening")])]
        #expect(refused(.lead, lead).isEmpty)
        #expect(refused(.lead, lead.merging(["freeDays": .array([.string("someday")])]) { $1 }) == ["free-days"])
        #expect(refused(.lead, lead.merging(["freeTimes": .array([.string("night")])]) { $1 }) == ["free-times"])
        #expect(refused(.lead, lead.merging(["year": .string("fifth")]) { $1 }) == ["year"])
        #expect(refused(.lead, lead.merging(["state": .string("joined"), "team": .string(UUID().uuidString)]) { $1 }).isEmpty)
        // Left out while empty: a lead without answers is what it always was.
        let plain = try RecordType.lead.validate(.object(["name": .string("Ava"), "contact": .string("ava@calpoly.example")]), orgZone: .gmt)
        for name in ["gender", "year", "area", "freeDays", "freeTimes", "team"] { #expect(plain[name] == nil, "\(name)") }
        let group: [String: JSONValue] = ["name": .string("North Campus Women"), "leader": .string("Hannah"),
                                          "leaderContact": .string("hannah@crossroads.example"), "meetingDay": .string("tuesday"),
                                          "meetingTime": .string("19:30"), "place": .string("Lounge"), "capacity": .int(12)]
        #expect(refused(.communityGroup, group.merging(["years": .array([.string("sophomore")]), "gender": .string("women")]) { $1 }).isEmpty)
        #expect(refused(.communityGroup, group.merging(["years": .array([.string("second")])]) { $1 }) == ["years"])
        #expect(refused(.communityGroup, group.merging(["gender": .string("mixed")]) { $1 }) == ["gender"])
        #expect(refused(.communityGroup, group.merging(["members": .int(13)]) { $1 }) == ["members"])
    }
}

/// A group's leader told in the app when a lead is routed to them.
@Suite("Lead notices")
struct LeadNoticeTests {
    @Test("routing a lead to a group with a leader's account makes one notice for them, sent behind the lead")
    func noticeWithRouting() async throws {
        let database = try AppDatabase.inMemory()
        let org = try await OrganizationService(database: database).add(
            slug: "crossroads", name: "Crossroads", timeZone: "America/Los_Angeles", kind: .campusMinistry)
        let service = RecordService(database: database)
        let member = LocalRecord(entity: RecordType.member.entity, orgId: org.id, version: 1,
                                 fields: try RecordType.member.validate(.object(["displayName": .string("Hannah Wells"),
                                                                                 "email": .string("hannah@mail.example"),
                                                                                 "audience": .string("students")]),
                                                                        orgZone: org.timeZone))
        try await database.writer.write { db in try RecordType.member.storage.write(member, org: org, db) }
        func group(_ name: String, leader: String?) async throws -> LocalRecord {
            var fields: [String: JSONValue] = ["name": .string(name), "leader": .string("Hannah Wells"), "leaderContact": .string("+1 805 555 0190"),
                                               "meetingDay": .string("tuesday"), "meetingTime": .string("19:30"), "place": .string("Lounge")]
            if let leader { fields["leaderMember"] = .string(leader) }
            return try await service.create(.communityGroup, fields: .object(fields), in: org)
        }
        let led = try await group("North Campus Women", leader: member.id.uuidString.lowercased())
        let unled = try await group("Engineering Guys", leader: nil)
        let lead = try await service.create(.lead, fields: .object(["name": .string("Ava Thompson"), "contact": .string("ava@calpoly.example")]), in: org)
        let routing = LeadRouting(records: service)

        _ = try await routing.route(lead.id, to: unled.id, in: org)
        #expect(try await service.list(.leadNotice, in: org).isEmpty, "a group without a leader's account tells nobody")
        _ = try await routing.route(lead.id, to: led.id, in: org)
        _ = try await routing.setState(lead.id, to: .contacted, in: org)
        let notices = try await service.list(.leadNotice, in: org)
        #expect(notices.count == 1, "writing the lead again tells nobody twice")
        #expect(notices.first?["member"]?.stringValue == member.id.uuidString.lowercased())
        #expect(notices.first?["lead"]?.stringValue == lead.id.uuidString.lowercased())
        #expect(notices.first?["message"]?.stringValue == "Ava Thompson would like to join North Campus Women: they answered \"get involved\"")
        // In the outbox right behind the lead's routing, so the store has the lead first.
        let entities = try await database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT entity FROM outbox ORDER BY seq")
        }
        let noticeAt = try #require(entities.firstIndex(of: "leadNotice"))
        #expect(entities[..<noticeAt].contains("lead"))
    }
}
