import Foundation
import Testing
@testable import StewardCore

/// The campus ministry's types: what each refuses, and where the message points.
@Suite("Ministry validation")
struct MinistryValidationTests {
    /// The option names validation reports, empty when the record is accepted.
    func refused(_ type: RecordType, _ values: [String: JSONValue]) -> [String] {
        do {
            _ = try type.validate(.object(values), orgZone: .gmt)
            return []
        } catch {
            return error.issues.map(\.field)
        }
    }

    func group(_ changes: [String: JSONValue] = [:]) -> [String: JSONValue] {
        var fields: [String: JSONValue] = ["name": .string("North Campus Women"), "leader": .string("Hannah Wells"),
                                           "leaderContact": .string("hannah@crossroads.example"), "meetingDay": .string("tuesday"),
                                           "meetingTime": .string("19:30"), "place": .string("Sierra Madre lounge"), "capacity": .int(12)]
        fields.merge(changes) { _, new in new }
        return fields
    }

    @Test("a group needs a leader it can reach, a 24-hour time and a capacity in range")
    func groups() {
        #expect(refused(.communityGroup, group()).isEmpty)
        #expect(refused(.communityGroup, group(["meetingTime": .string("7:30 pm")])) == ["meeting-time"])
        #expect(refused(.communityGroup, group(["meetingTime": .string("24:00")])) == ["meeting-time"])
        #expect(refused(.communityGroup, group(["leaderContact": .string("hannah at crossroads")])) == ["leader-contact"])
        #expect(refused(.communityGroup, group(["leaderContact": .string("+1 805 555 0113")])).isEmpty)
        #expect(refused(.communityGroup, group(["meetingDay": .string("someday")])) == ["meeting-day"])
        #expect(refused(.communityGroup, group(["capacity": .int(0)])) == ["capacity"])
        #expect(refused(.communityGroup, group(["leader": .string("")])) == ["leader"])
    }

    @Test("a mission ends after it starts and closes applications before it starts")
    func missions() {
        let base: [String: JSONValue] = ["name": .string("Summer in Guatemala"), "location": .string("Antigua"), "startDate": .string("2027-06-15"),
                                         "endDate": .string("2027-07-02"), "applyBy": .string("2027-04-01")]
        #expect(refused(.mission, base).isEmpty)
        var backwards = base
        backwards["endDate"] = .string("2027-06-01")
        #expect(refused(.mission, backwards) == ["end-date"])
        var late = base
        late["applyBy"] = .string("2027-06-20")
        #expect(refused(.mission, late) == ["apply-by"])
        var insecure = base
        insecure["imageURL"] = .string("http://crossroads.example/a.jpg")
        #expect(refused(.mission, insecure) == ["image-url"])
    }

    @Test("a video needs its address; any resource needs an address or a summary")
    func resources() {
        #expect(refused(.ministryResource, ["title": .string("Welcome"), "kind": .string("video"), "summary": .string("24 minutes")]) == ["url"])
        #expect(refused(.ministryResource, ["title": .string("Notes"), "kind": .string("article")]) == ["summary"])
        #expect(refused(.ministryResource, ["title": .string("Notes"), "kind": .string("leaders-guide"), "summary": .string("Questions")]).isEmpty)
        #expect(refused(.ministryResource, ["title": .string("Notes"), "kind": .string("podcast"), "summary": .string("x")]) == ["kind"])
    }

    @Test("a lead needs a name and a contact that reads as an e-mail or a phone; a joined lead names its group")
    func leads() {
        let lead: [String: JSONValue] = ["name": .string("Ava Thompson"), "contact": .string("ava@calpoly.example")]
        #expect(refused(.lead, lead).isEmpty)
        #expect(refused(.lead, ["name": .string("Ava"), "contact": .string("ask at the welcome desk")]) == ["contact"])
        #expect(refused(.lead, ["name": .string("Ava"), "contact": .string("555 01")]) == ["contact"])
        #expect(refused(.lead, ["contact": .string("ava@calpoly.example")]) == ["name"])
        var joined = lead
        joined["state"] = .string("joined")
        #expect(refused(.lead, joined) == ["group"])
        joined["group"] = .string(UUID().uuidString.lowercased())
        #expect(refused(.lead, joined).isEmpty)
        var unknown = lead
        unknown["state"] = .string("maybe")
        #expect(refused(.lead, unknown) == ["state"])
    }

    @Test("a new lead is new; its status reads in words; members never read leads")
    func leadDefaults() throws {
        let checked = try RecordType.lead.validate(.object(["name": .string("Ava"), "contact": .string("ava@calpoly.example")]), orgZone: .gmt)
        #expect(checked["state"]?.stringValue == "new")
        #expect(RecordType.lead.statusKey(of: checked) == "new")
        #expect(RecordType.lead.isStaffOnly)
        #expect(!RecordType.lead.isVisibleToMembers(checked, now: Date()))
    }

    @Test("resources for group leaders are marked so; the leaders are the groups' leader accounts")
    func leadersOnly() {
        let guide: JSONValue = .object(["title": .string("Guide"), "leadersOnly": .bool(true)])
        let article: JSONValue = .object(["title": .string("Article"), "leadersOnly": .bool(false)])
        #expect(RecordType.ministryResource.groupLeadersOnly?(guide) == true)
        #expect(RecordType.ministryResource.groupLeadersOnly?(article) == false)
        #expect(RecordType.communityGroup.groupLeadersOnly == nil)
        let groups: [JSONValue] = [.object(["leaderMember": .string("ABC")]), .object(["leaderMember": .null]), .object([:])]
        #expect(GroupLeaders.memberIds(groups) == ["abc"])
    }
}

/// Routing a lead to a group's leader and moving it along its states.
@Suite("Lead routing")
struct LeadRoutingTests {
    func setUp() async throws -> (RecordService, Organization, [LocalRecord], LocalRecord) {
        let database = try AppDatabase.inMemory()
        let org = try await OrganizationService(database: database).add(
            slug: "crossroads", name: "Crossroads", timeZone: "America/Los_Angeles", kind: .campusMinistry)
        let service = RecordService(database: database)
        var groups: [LocalRecord] = []
        for (name, leader) in [("North Campus Women", "Hannah Wells"), ("Engineering Guys", "Marcus Bell"),
                               ("Grad Students", "Marcus Bell")] {
            groups.append(try await service.create(.communityGroup, fields: .object([
                "name": .string(name), "leader": .string(leader), "leaderContact": .string("+1 805 555 0190"),
                "meetingDay": .string("monday"), "meetingTime": .string("19:00"), "place": .string("Library")]), in: org))
        }
        let lead = try await service.create(.lead, fields: .object(["name": .string("Ava Thompson"), "contact": .string("ava@calpoly.example")]), in: org)
        return (service, org, groups, lead)
    }

    @Test("a group is found by its id, its name or its only leader's name, ignoring case")
    func findingGroups() async throws {
        let (_, _, groups, _) = try await setUp()
        #expect(try LeadRouting.group(named: groups[1].id.uuidString.lowercased(), among: groups).id == groups[1].id)
        #expect(try LeadRouting.group(named: "north campus WOMEN", among: groups).id == groups[0].id)
        #expect(try LeadRouting.group(named: "hannah wells", among: groups).id == groups[0].id)
        #expect(throws: LeadRoutingError.ambiguous("Marcus Bell", matches: ["Engineering Guys (Marcus Bell)", "Grad Students (Marcus Bell)"])) {
            try LeadRouting.group(named: "Marcus Bell", among: groups)
        }
        do {
            _ = try LeadRouting.group(named: "Chess Club", among: groups)
            Issue.record("an unknown group was accepted")
        } catch {
            #expect(error.description.contains("Chess Club"))
            #expect(error.description.contains("North Campus Women (Hannah Wells)"))
        }
    }

    @Test("routing and state changes are stored, sent and kept in history; joined needs a group")
    func routeAndState() async throws {
        let (service, org, groups, lead) = try await setUp()
        let routing = LeadRouting(records: service)
        await #expect(throws: ValidationError.self) { try await routing.setState(lead.id, to: .joined, in: org) }
        #expect(try await service.record(.lead, id: lead.id, in: org)?["state"]?.stringValue == "new")

        let routed = try await routing.route(lead.id, to: groups[0].id, in: org)
        #expect(routed["group"]?.stringValue == groups[0].id.uuidString.lowercased())
        #expect(routed["state"]?.stringValue == "new")
        let contacted = try await routing.setState(lead.id, to: .contacted, in: org)
        #expect(contacted["state"]?.stringValue == "contacted")
        #expect(contacted["group"]?.stringValue == groups[0].id.uuidString.lowercased())
        let joined = try await routing.setState(lead.id, to: .joined, in: org)
        #expect(RecordType.lead.statusKey(of: joined.fields) == "joined")

        // A group that is not the organization's is refused like any reference.
        await #expect(throws: (any Error).self) { try await routing.route(lead.id, to: UUID(), in: org) }
    }
}

/// The campus ministry in the demo.
@Suite("Ministry demo")
struct MinistryDemoTests {
    @Test func theCampusMinistryHasItsContentAndLeadsInEveryState() async throws {
        let database = try AppDatabase.inMemory()
        _ = try DemoDataset(database: database).load(reference: PassportDemoTests.reference)
        let org = try await OrganizationService(database: database).find(slug: "crossroads-campus")
        let service = RecordService(database: database)
        #expect(org.availableModules.contains(.ministry))
        #expect(org.availableModules.contains(.leads))
        #expect(try await service.list(.ministryTeam, in: org).count >= 4)
        #expect(try await service.list(.communityGroup, in: org).count >= 4)
        #expect(try await service.list(.mission, in: org).count >= 2)
        let resources = try await service.list(.ministryResource, in: org)
        #expect(resources.contains { $0["leadersOnly"]?.boolValue == true })
        #expect(resources.contains { $0["leadersOnly"]?.boolValue == false })
        let leads = try await service.list(.lead, in: org)
        #expect(Set(leads.compactMap { $0["state"]?.stringValue }) == Set(LeadState.allCases.map(\.rawValue)))
    }
}
