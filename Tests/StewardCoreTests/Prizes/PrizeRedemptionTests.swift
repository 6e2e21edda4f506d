import Foundation
import Testing
import GRDB
@testable import StewardCore

/// Levels per organization and prizes handed out on the console: the same rules the store runs.
@Suite("Passport levels and prize redemptions")
struct PrizeRedemptionTests {
    static func level(_ f: PassportFixture, _ name: String, stamps: Int64) async throws -> LocalRecord {
        try await RecordService(database: f.database).create(.passportLevel, fields: .object(["name": .string(name), "stamps": .int(stamps)]),
                                                             in: f.org)
    }

    static func prize(_ f: PassportFixture, level: LocalRecord?, stock: Int64?, limit: Int64 = 1) async throws -> LocalRecord {
        var fields: [String: JSONValue] = ["name": .string("Pool Pass"), "limitPerMember": .int(limit)]
        if let level { fields["level"] = .string(level.key) }
        if let stock { fields["stock"] = .int(stock) }
        return try await RecordService(database: f.database).create(.prize, fields: .object(fields), in: f.org)
    }

    @Test("an organization's own levels replace the standard ones everywhere levels are read")
    func ownLevels() async throws {
        let f = try await PassportFixture()
        #expect(try await PassportLevels.of(f.org, database: f.database).levels.map(\.threshold) == [7, 10, 15])
        _ = try await Self.level(f, "Explorer", stamps: 3)
        _ = try await Self.level(f, "Champion", stamps: 20)
        let levels = try await PassportLevels.of(f.org, database: f.database)
        #expect(levels.levels.map(\.name) == ["Explorer", "Champion"])
        #expect(levels.level(for: 5)?.key == "explorer")
        #expect(levels.next(after: 5)?.missing == 15)

        let ann = try await f.member("Ann Lee")
        let fair = try await f.event("Food Fair", stamps: 4)
        try await f.ledger.grant(member: ann, event: fair, note: "sheet", in: f.org)
        #expect(try await f.ledger.leaderboard(in: f.org).first?.level?.name == "Explorer")
    }

    @Test("a redemption needs the level and stock, keeps to the limit, and the last item goes once")
    func redeem() async throws {
        let f = try await PassportFixture()
        let silver = try await Self.level(f, "Silver", stamps: 10)
        let pass = try await Self.prize(f, level: silver, stock: 1)
        let ann = try await f.member("Ann Lee"), bea = try await f.member("Bea Roy")
        let fair = try await f.event("Food Fair", stamps: 10)
        try await f.ledger.grant(member: ann, event: fair, note: "sheet", in: f.org)
        let redemptions = Redemptions(database: f.database)

        let short = await #expect(throws: ValidationError.self) { try await redemptions.add(member: bea, prize: pass.id, in: f.org) }
        #expect(short?.message(for: "member") == "bea.roy@mail.example has 0 stamps; “Pool Pass” needs the Silver level (10 stamps)")

        let claim = try await redemptions.add(member: ann, prize: pass.id, in: f.org)
        #expect(claim["member"]?.stringValue == UUIDColumn.encode(ann))
        try await f.ledger.grant(member: bea, event: fair, note: "sheet", in: f.org)
        let out = await #expect(throws: ValidationError.self) { try await redemptions.add(member: bea, prize: pass.id, in: f.org) }
        #expect(out?.message(for: "prize") == "“Pool Pass” is out of stock: its one item has been claimed")
        #expect(try await redemptions.standing(in: f.org)[pass.key]?.left == 0)

        // Claims are never changed or deleted, and keep their prize.
        await #expect(throws: RecordServiceError.self) { try await RecordService(database: f.database).delete(.redemption, id: claim.id, in: f.org) }
        await #expect(throws: RecordServiceError.self) { try await RecordService(database: f.database).delete(.prize, id: pass.id, in: f.org) }
    }

    @Test("a claim whose earlier claims cannot be read is refused with the database's error, not admitted")
    func unreadableClaimsRefuseTheClaim() async throws {
        let f = try await PassportFixture()
        let pass = try await Self.prize(f, level: nil, stock: 1)
        let ann = try await f.member("Ann Lee"), bea = try await f.member("Bea Roy")
        let redemptions = Redemptions(database: f.database)
        try await redemptions.add(member: ann, prize: pass.id, in: f.org)
        // Ann's claim, the last item, can no longer be read: its id is not one.
        try await f.database.writer.write { db in
            try db.execute(sql: "UPDATE record SET id = 'claim-kept-oddly' WHERE entity = 'redemption'")
        }
        let error = await #expect(throws: (any Error).self) { try await redemptions.add(member: bea, prize: pass.id, in: f.org) }
        #expect(error is ValidationError == false, "a read failure is not a rule's refusal: \(String(describing: error))")
        #expect("\(String(describing: error))".contains("claim-kept-oddly"))
        let stored = try await f.database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE entity = 'redemption'") ?? 0
        }
        #expect(stored == 1, "no second claim of the last item")
    }

    @Test("a retired prize takes no new claims and keeps the ones made")
    func retired() async throws {
        let f = try await PassportFixture()
        let tote = try await Self.prize(f, level: nil, stock: nil, limit: 2)
        let ann = try await f.member("Ann Lee")
        let redemptions = Redemptions(database: f.database)
        try await redemptions.add(member: ann, prize: tote.id, in: f.org)
        _ = try await RecordService(database: f.database).update(.prize, id: tote.id, changes: ["retired": .bool(true)], in: f.org)
        let refused = await #expect(throws: ValidationError.self) { try await redemptions.add(member: ann, prize: tote.id, in: f.org) }
        #expect(refused?.message(for: "prize")?.contains("is retired") == true)
        #expect(try await redemptions.list(in: f.org, prize: tote.id).count == 1)
    }
}

/// The city office's prizes in the demo.
@Suite("Prizes demo")
struct PrizesDemoTests {
    @Test func theCityOfficeHasPrizesAtEachLevelSomeClaimedWithinTheRules() async throws {
        let database = try AppDatabase.inMemory()
        let summary = try DemoDataset(database: database).load(reference: PassportDemoTests.reference)
        let city = try await OrganizationService(database: database).find(slug: "riverton-community")
        let service = RecordService(database: database)
        let levels = try await service.list(.passportLevel, in: city)
        let prizes = try await service.list(.prize, in: city)
        let claims = try await service.list(.redemption, in: city)
        #expect(summary.prizeRecordsAdded == levels.count + prizes.count + claims.count)
        #expect(Set(prizes.compactMap { $0["level"]?.stringValue }) == Set(levels.map(\.key)))
        #expect(claims.count >= 5)
        #expect(prizes.contains { prize in prize["retired"]?.boolValue == true && claims.contains { $0["prize"]?.stringValue == prize.key } })
        // Every claim is one the rules allow: level reached, stock and limit kept.
        let totals = try await StampLedger(database: database).totals(in: city)
        let thresholds = Dictionary(uniqueKeysWithValues: levels.map { ($0.key, Int($0["stamps"]?.int64Value ?? 0)) })
        for prize in prizes {
            let mine = claims.filter { $0["prize"]?.stringValue == prize.key }
            if let stock = prize["stock"]?.int64Value { #expect(mine.count <= Int(stock)) }
            #expect(Set(mine.compactMap { $0["member"]?.stringValue }).count == mine.count)
            let needed = thresholds[prize["level"]?.stringValue ?? ""] ?? 0
            #expect(mine.allSatisfy { totals.stamps(of: $0["member"]?.stringValue ?? "") >= needed })
        }
    }
}
