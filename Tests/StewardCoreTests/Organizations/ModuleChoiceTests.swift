import Foundation
import Testing
@testable import StewardCore

/// Modules chosen in the organization's settings rather than fixed by its kind: kept on the
/// organization in the sidebar's order, sent to the store as its module choice record, and
/// taken back from the store when another console changed them.
@Suite("Modules chosen")
struct ModuleChoiceTests {
    static func choice(_ f: Fixture) async throws -> [LocalRecord] {
        try await RecordService(database: f.database).list(.moduleChoice, in: f.org)
    }

    @Test("a church that also lends books: the organization and the record to send say so, in sidebar order")
    func churchWithBooks() async throws {
        let f = try await Fixture()
        let service = OrganizationService(database: f.database)
        let before = try await f.outboxCount()
        let changed = try await service.setModules(f.org.modules + [.loans, .books], of: f.org)
        #expect(changed.modules == OrganizationKind.church.defaultModules + [.books, .loans])
        #expect(try await service.find(slug: f.org.slug).modules == changed.modules)
        let records = try await Self.choice(f)
        #expect(records.count == 1)
        #expect(ModuleChoice.modules(in: records.first?.fields) == changed.modules)
        #expect(try await f.outboxCount() == before + 1)

        // Choosing again changes the one record; choosing the same adds nothing to send.
        let fewer = try await service.setModules([.events, .books], of: changed)
        #expect(fewer.modules == [.events, .books])
        #expect(try await Self.choice(f).count == 1)
        let outbox = try await f.outboxCount()
        _ = try await service.setModules([.books, .events], of: fewer)
        #expect(try await f.outboxCount() == outbox)
    }

    @Test("no module at all is refused, and nothing changes")
    func noneRefused() async throws {
        let f = try await Fixture()
        let service = OrganizationService(database: f.database)
        await #expect(throws: OrganizationError.self) { try await service.setModules([], of: f.org) }
        #expect(try await service.find(slug: f.org.slug).modules == OrganizationKind.church.defaultModules)
        #expect(try await Self.choice(f).isEmpty)
    }

    @Test("a choice pulled from the store becomes the organization's modules; an unknown module is refused")
    func pulledChoiceAdopted() async throws {
        let f = try await Fixture()
        let id = UUIDColumn.encode(UUID())
        let pulled = RemoteRecord(entity: RecordType.moduleChoice.entity, id: id, version: 3, deleted: false,
                                  fields: .object(["modules": .array([.string("stamps"), .string("events")])]))
        let outcome = try await f.database.writer.write { db in try RemoteApply.apply(pulled, org: f.org, db) }
        #expect(outcome == .applied)
        #expect(try await OrganizationService(database: f.database).find(slug: f.org.slug).modules == [.events, .stamps])

        #expect(throws: ValidationError.self) {
            try RecordType.moduleChoice.validate(.object(["modules": .array([.string("karaoke")])]), orgZone: .gmt)
        }
    }
}
