import Foundation
import Testing
@testable import StewardCore

/// What the window's Create an Organization form leans on: a slug offered from the name, the
/// modules chosen, and the same checks `stewardctl orgs add` makes, each under its field.
@Suite("Organization form")
struct OrganizationFormTests {
    @Test("a slug is offered from the name: lower case, no accents, one dash between words")
    func suggestedSlug() {
        #expect(OrganizationService.suggestedSlug(for: "Grace Church") == "grace-church")
        #expect(OrganizationService.suggestedSlug(for: "  Iglesia San José — Centro ") == "iglesia-san-jose-centro")
        #expect(OrganizationService.suggestedSlug(for: "!!!") == "")
        let long = OrganizationService.suggestedSlug(for: String(repeating: "word ", count: 20))
        #expect(long.count <= 40 && !long.hasSuffix("-"))
    }

    @Test("the modules chosen are kept, in the sidebar's order")
    func chosenModules() async throws {
        let database = try AppDatabase.inMemory()
        let service = OrganizationService(database: database)
        let org = try await service.add(slug: "north-gym", name: "North Gym", timeZone: "Europe/Madrid", kind: .gym,
                                        modules: [.classSchedule, .events, .approvals])
        #expect(org.modules == [.events, .approvals, .classSchedule])
        #expect(try await service.find(slug: "north-gym").modules == [.events, .approvals, .classSchedule])
        let byKind = try await service.add(slug: "south-gym", name: "South Gym", timeZone: "UTC", kind: .gym)
        #expect(byKind.modules == OrganizationKind.gym.defaultModules)
    }

    @Test("every wrong field is named at once, and nothing is added")
    func everyIssueNamed() async throws {
        let database = try AppDatabase.inMemory()
        let service = OrganizationService(database: database)
        do {
            try await service.add(slug: "X", name: " ", timeZone: "Mars/Olympus", kind: .church, modules: [])
            Issue.record("added an organization with every field wrong")
        } catch OrganizationError.invalid(let error) {
            #expect(Set(error.issues.map(\.field)) == ["slug", "name", "time-zone", "modules"])
            #expect(error.message(for: "time-zone")?.contains("Mars/Olympus") == true)
        }
        #expect(try await service.all().isEmpty)
    }
}
