import Foundation
import Testing
@testable import StewardCore

/// Campuses and ministries (`campus`, `ministry`) and the tags events and resources carry
/// (`CampusTags`): declared once, references like any, left out while empty; what concerns a
/// choice (`CampusChoice.concerns`); and the Events list narrowed by one.
@Suite struct CampusTagsTests {
    @Test func campusesAndMinistriesAreKitTypesMembersReadWhole() throws {
        for (entity, command) in [("campus", "campuses"), ("ministry", "ministries")] {
            let type = try #require(RecordTypes.named(entity))
            #expect(type.commandName == command)
            #expect(type.module == .campuses)
            #expect(type.orderField == "position")
            if case .wholeList = type.memberReads {} else { Issue.record("\(entity) is not read whole") }
        }
        #expect(RecordType.campusChoice.isStaffOnly, "members read only their own choice, through me/campus")
        let fields = try RecordType.campus.validate(.object(["name": .string("North Campus")]), orgZone: .gmt)
        #expect(fields["position"] == .int(0))
        let error = #expect(throws: ValidationError.self) {
            try RecordType.ministry.validate(.object(["name": .string(" ")]), orgZone: .gmt)
        }
        #expect(error?.issues.map(\.field) == ["name"])
    }

    @Test func eventsAndResourcesCarryTheTagsFromOneDeclaration() {
        for type in [RecordType.event, .ministryResource, .announcement] {
            #expect(CampusTags.tags(type), "\(type.entity)")
            let references = type.references.map { "\($0.field.name)→\($0.entity)" }
            #expect(references.contains("campus→campus") && references.contains("ministry→ministry"), "\(references)")
        }
        #expect(!CampusTags.tags(.bulletin))
        #expect(RecordType.event.editorSections.first?.fields.map(\.name).contains("campus") == true)
    }

    @Test func aRecordWithoutTagsTravelsAsBefore() throws {
        let resource: JSONValue = .object(["title": .string("Guide"), "kind": .string("article"), "summary": .string("Read")])
        let checked = try RecordType.ministryResource.validate(resource, orgZone: .gmt)
        #expect(checked["campus"] == nil && checked["ministry"] == nil)
        let event = try EventForm.timed("Choir").validate(organizationZone: .gmt)
        #expect(event.syncFields["campus"] == nil && event.syncFields["ministry"] == nil)
    }

    @Test func aMalformedTagIsRefusedNamingTheField() throws {
        let error = #expect(throws: ValidationError.self) {
            try RecordType.ministryResource.validate(.object(["title": .string("Guide"), "kind": .string("article"),
                                                              "summary": .string("Read"), "campus": .string("north")]), orgZone: .gmt)
        }
        #expect(error?.issues.map(\.field) == ["campus"])
    }

    @Test func whatTaggedThingsConcernAChoiceByTheSameRule() {
        let north = UUID().uuidString.lowercased(), south = UUID().uuidString.lowercased()
        let students = UUID().uuidString.lowercased()
        let tags = CampusChoice(campus: north, ministry: students)
        #expect(CampusChoice().concerns(tagged: tags))
        #expect(CampusChoice(campus: north).concerns(tagged: tags))
        #expect(!CampusChoice(campus: south).concerns(tagged: tags))
        #expect(CampusChoice(campus: south).concerns(tagged: CampusChoice()), "untagged: every campus")
        #expect(!CampusChoice(campus: north, ministry: south).concerns(tagged: tags))
        #expect(CampusChoice(campus: north).concerns(tagged: tags) == CampusChoice(campus: north).concerns(tags.fieldsForTest))
    }

    @Test func whatConcernsAChoice() {
        let north = UUID().uuidString.lowercased(), south = UUID().uuidString.lowercased()
        let students = UUID().uuidString.lowercased()
        let tagged: JSONValue = .object(["campus": .string(north), "ministry": .string(students)])
        let untagged: JSONValue = .object([:])
        let northOnly: JSONValue = .object(["campus": .string(north)])
        #expect(CampusChoice().concerns(tagged), "a member who chose nothing sees everything")
        #expect(CampusChoice(campus: south).concerns(untagged), "what names no campus concerns everyone")
        #expect(CampusChoice(campus: north.uppercased()).concerns(tagged))
        #expect(!CampusChoice(campus: south).concerns(tagged))
        #expect(CampusChoice(campus: north, ministry: students).concerns(northOnly))
        #expect(!CampusChoice(ministry: UUID().uuidString).concerns(tagged))
        #expect(CampusChoice(fields: tagged) == CampusChoice(campus: north, ministry: students))
    }

    @Test func theEventsListIsNarrowedToWhatConcernsACampus() async throws {
        let f = try await Fixture()
        let records = RecordService(database: f.database)
        let north = try await records.create(.campus, fields: .object(["name": .string("North")]), in: f.org)
        let south = try await records.create(.campus, fields: .object(["name": .string("South")]), in: f.org)
        let youth = try await records.create(.ministry, fields: .object(["name": .string("Youth")]), in: f.org)
        for (title, campus, ministry) in [("North Night", north.key, ""), ("South Lunch", south.key, ""),
                                          ("Youth Trip", "", youth.key), ("Picnic", "", "")] {
            var form = EventForm.timed(title)
            form.campus = campus
            form.ministry = ministry
            let event = try await f.events.create(form, in: f.org)
            #expect(event.details.campus == campus && event.details.ministry == ministry)
        }
        func count(_ choice: CampusChoice) async throws -> Int {
            try await f.events.keys(for: EventQuery(orgId: f.org.id, concerning: choice)).count
        }
        #expect(try await count(CampusChoice()) == 4)
        #expect(try await count(CampusChoice(campus: north.key)) == 3)
        #expect(try await count(CampusChoice(campus: south.key, ministry: youth.key)) == 3)
        #expect(try await count(CampusChoice(ministry: youth.key)) == 4)

        var lost = EventForm.timed("Lost")
        lost.campus = UUID().uuidString
        let error = await #expect(throws: ValidationError.self) { try await f.events.create(lost, in: f.org) }
        #expect(error?.issues.map(\.field) == ["campus"], "\(String(describing: error))")
    }
}

private extension CampusChoice {
    var fieldsForTest: JSONValue { .object(["campus": .string(campus), "ministry": .string(ministry)]) }
}
