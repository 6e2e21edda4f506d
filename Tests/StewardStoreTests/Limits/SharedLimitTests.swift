import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import ServiceLifecycle
import Testing
import StewardCore
@testable import StewardStore

/// The abuse limits are counted in the database: two store processes on one database (here two
/// repositories, each with its own connections or file handle, and a router on each) enforce
/// the same limit as one. On SQLite and PostgreSQL alike.
@Suite("Limits across store processes")
struct SharedLimitTests {
    /// Runs `body` with a second store "process" on `store`'s database, seen as a `TestStore`
    /// with the same organizations and tokens.
    static func withSecondProcess<T: Sendable>(_ store: TestStore, configuration: StoreConfiguration,
                                               _ body: @Sendable (TestStore) async throws -> T) async throws -> T {
        let logger = TestStore.testLogger
        let second: any StoreRepository
        var services: [any Service] = []
        switch store.backend {
        case .sqlite:
            let first = try #require(store.repository as? SQLiteStoreRepository)
            second = try SQLiteStoreRepository(path: first.pool.path)
        case .postgres:
            let made = try Backend.postgres.makeRepository(logger: logger)
            second = made.0
            services = made.1
        }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for service in services {
                group.addTask { try await service.run() }
            }
            defer { group.cancelAll() }
            try await second.migrate()
            let app = buildApplication(repository: second, configuration: configuration, logger: logger)
            let value = try await app.test(.router) { client in
                try await body(TestStore(backend: store.backend, repository: second, org: store.org, foreignOrg: store.foreignOrg,
                                         tokens: store.tokens, foreignTokens: store.foreignTokens,
                                         staffTokens: store.staffTokens, foreignStaffTokens: store.foreignStaffTokens,
                                         client: client))
            }
            try await second.close()
            return value
        }
    }

    /// Windows counted for keys containing `part`, read straight from the table.
    static func countedRows(_ repository: any StoreRepository, keyContaining part: String) async throws -> Int {
        if let sqlite = repository as? SQLiteStoreRepository {
            return try await sqlite.pool.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM attempt_windows WHERE key LIKE ?", arguments: ["%\(part)%"]) ?? 0
            }
        }
        let postgres = try #require(repository as? PostgresStoreRepository)
        return try await postgres.transaction { connection, logger in
            let rows = try await connection.query("SELECT COUNT(*) FROM attempt_windows WHERE key LIKE \("%\(part)%")",
                                                  logger: logger)
            for try await count in rows.decode(Int64.self) { return Int(count) }
            return 0
        }
    }

    static func retryAfter(_ response: TestResponse) -> Int? {
        response.headers[.retryAfter].flatMap { Int($0) }
    }

    @Test("the 11th wrong code over two processes answers 429, whichever process gets it", arguments: Backend.available)
    func checkInGuesses(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let event = try await CheckInTests.passportEvent(store, fields: CheckInTests.now())
            try await Self.withSecondProcess(store, configuration: TestStore.testConfiguration) { other in
                for index in 0..<10 {
                    let process = index.isMultiple(of: 2) ? store : other
                    let wrong = try await CheckInTests.checkIn(process, member, event: event.id, code: "x")
                    #expect(wrong.status == .unprocessableContent, "guess \(index + 1): \(wrong.text)")
                }
                // The right code now waits too, on either process: the count is shared.
                for process in [store, other] {
                    let eleventh = try await CheckInTests.checkIn(process, member, event: event.id,
                                                                  code: CheckInCode(secret: event.secret).code(at: Date()))
                    #expect(eleventh.status == .tooManyRequests, "\(eleventh.text)")
                    #expect(eleventh.errorBody?.error == ErrorResponse.Code.tooManyAttempts)
                    let wait = try #require(Self.retryAfter(eleventh))
                    #expect((1...600).contains(wait))
                    #expect(eleventh.errorBody?.message
                            == "too many check-in attempts at this event; wait \(wait) seconds and try again")
                }
                #expect(try await CheckInTests.stamps(store, member: member.id).isEmpty)
            }
        }
    }

    @Test("registrations from one address: the limit holds over two processes", arguments: Backend.available)
    func registrations(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.registrationsPerHour = 3
        configuration.trustForwardedFor = true
        try await TestStore.with(backend, configuration: configuration) { [configuration] store in
            try await Self.withSecondProcess(store, configuration: configuration) { other in
                let address = SignInFloodTests.freshAddress()
                for index in 0..<3 {
                    let process = index.isMultiple(of: 2) ? store : other
                    let registered = try await process.register(email: "n\(index)@residents.example", source: address)
                    #expect(registered.status == .created, "registration \(index + 1): \(registered.text)")
                }
                for (index, process) in [store, other].enumerated() {
                    let refused = try await process.register(email: "late\(index)@residents.example", source: address)
                    #expect(refused.status == .tooManyRequests, "\(refused.text)")
                    #expect(refused.errorBody?.error == ErrorResponse.Code.tooManyRequests)
                    let wait = try #require(Self.retryAfter(refused))
                    #expect((1...3600).contains(wait))
                    #expect(refused.errorBody?.message == "too many registrations from this address; wait \(wait) seconds and try again")
                }
                // Another address is not slowed down.
                let elsewhere = try await other.register(email: "elsewhere@residents.example", source: SignInFloodTests.freshAddress())
                #expect(elsewhere.status == .created, "\(elsewhere.text)")
            }
        }
    }

    @Test("submissions and answers of one member: each limit holds over two processes", arguments: Backend.available)
    func submissions(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.submissionsPerHour = 4
        try await TestStore.with(backend, configuration: configuration) { [configuration] store in
            let member = try await store.newMember()
            try await Self.withSecondProcess(store, configuration: configuration) { other in
                for index in 0..<4 {
                    let process = index.isMultiple(of: 2) ? store : other
                    let submitted = try await process.submit(member, TestStore.eventFields("Clean-up \(index)"))
                    #expect(submitted.status == .created, "submission \(index + 1): \(submitted.text)")
                }
                for process in [store, other] {
                    let refused = try await process.submit(member, TestStore.eventFields("One too many"))
                    #expect(refused.status == .tooManyRequests, "\(refused.text)")
                    #expect(refused.errorBody?.error == ErrorResponse.Code.tooManyRequests)
                    let wait = try #require(Self.retryAfter(refused))
                    #expect(refused.errorBody?.message == "too many submissions and edits; wait \(wait) seconds and try again")
                }
                // "Get involved" answers have a count of their own, shared the same way.
                let answer: JSONValue = .object(["name": .string("Sam Rivera"), "contact": .string("+1 805 555 0142"),
                                                 "interests": .string("small group")])
                for index in 0..<4 {
                    let process = index.isMultiple(of: 2) ? store : other
                    let sent = try await process.request(.post, LeadEndpointTests.path(process), token: member.access,
                                                         body: process.json(answer))
                    #expect(sent.status == .created, "answer \(index + 1): \(sent.text)")
                }
                for process in [store, other] {
                    let refused = try await process.request(.post, LeadEndpointTests.path(process), token: member.access,
                                                            body: process.json(answer))
                    #expect(refused.status == .tooManyRequests, "\(refused.text)")
                    let wait = try #require(Self.retryAfter(refused))
                    #expect(refused.errorBody?.message == "too many answers; wait \(wait) seconds and try again")
                }
            }
        }
    }

    @Test("a check-in at an unknown event answers 404 and leaves no counted row; a known one counts",
          arguments: Backend.available)
    func unknownEventNotCounted(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let unknown = Fixtures.newRecordId()
            for _ in 0..<12 {
                let response = try await CheckInTests.checkIn(store, member, event: unknown, code: "123456")
                #expect(response.status == .notFound, "\(response.text)")
                #expect(response.errorBody?.message == "no event with that id in this organization")
            }
            #expect(try await Self.countedRows(store.repository, keyContaining: unknown) == 0)
            // An attempt at an event that exists is counted (the same query finds its row).
            let event = try await CheckInTests.passportEvent(store, fields: CheckInTests.now())
            #expect(try await CheckInTests.checkIn(store, member, event: event.id, code: "x").status == .unprocessableContent)
            #expect(try await Self.countedRows(store.repository, keyContaining: event.id) == 1)
        }
    }

    @Test("a window admits its limit, refuses the rest uncounted with the seconds left, and starts again once over",
          arguments: Backend.available)
    func window(backend: Backend) async throws {
        try await TestStore.with(backend) { (store: TestStore) async throws in
            // Long past, so that forgetting ended windows here touches no other test's rows.
            let start = Date(timeIntervalSince1970: 1_000_000_000)
            let limit = AttemptLimit(.checkIn, limit: 3, window: .seconds(600), repository: store.repository)
            let key = "window-test|\(UUID().uuidString)"
            for second in 0..<3 {
                #expect(try await limit.admit(key, now: start.addingTimeInterval(Double(second))) == nil)
            }
            #expect(try await limit.admit(key, now: start.addingTimeInterval(100)) == 500)
            #expect(try await limit.admit(key, now: start.addingTimeInterval(100)) == 500, "a refusal is not counted")
            #expect(try await limit.admit(key, now: start.addingTimeInterval(599.5)) == 1)
            // Another key, and the same key under another kind, have counts of their own.
            #expect(try await limit.admit(key + "-other", now: start.addingTimeInterval(100)) == nil)
            let other = AttemptLimit(.submission, limit: 3, window: .seconds(600), repository: store.repository)
            #expect(try await other.admit(key, now: start.addingTimeInterval(100)) == nil)
            // Once the window is over a new one opens with this attempt.
            let later = start.addingTimeInterval(600)
            for second in 0..<3 {
                #expect(try await limit.admit(key, now: later.addingTimeInterval(Double(second))) == nil)
            }
            #expect(try await limit.admit(key, now: later.addingTimeInterval(10)) == 590)
            #expect(try await Self.countedRows(store.repository, keyContaining: key) == 3)
            // Ended windows are forgotten; those still running are kept.
            #expect(try await store.repository.forgetEndedAttemptWindows(now: start.addingTimeInterval(700)) >= 2)
            #expect(try await Self.countedRows(store.repository, keyContaining: key) == 1)
            #expect(try await limit.admit(key, now: later.addingTimeInterval(20)) == 580)
        }
    }

    @Test("the session cleanup forgets ended windows")
    func cleanup() async throws {
        try await TestStore.with(.sqlite) { (store: TestStore) async throws in
            let limit = AttemptLimit(.registration, limit: 1, window: .seconds(3600), repository: store.repository)
            let now = Date()
            #expect(try await limit.admit("cleanup", now: now) == nil)
            let service = SessionCleanupService(repository: store.repository, limits: SignInLimits(), interval: .seconds(3600),
                                                logger: TestStore.testLogger)
            await service.cleanUp(now: now.addingTimeInterval(3599))
            #expect(try await Self.countedRows(store.repository, keyContaining: "cleanup") == 1)
            await service.cleanUp(now: now.addingTimeInterval(3601))
            #expect(try await Self.countedRows(store.repository, keyContaining: "cleanup") == 0)
        }
    }
}
