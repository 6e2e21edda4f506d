import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// Sign-in under attack: parallel guesses are counted one by one (the check and the count are
/// one transaction), spraying over many emails is limited per source address, and a flood
/// beyond what the store can check is answered 429 at once.
@Suite("Sign-in under a flood")
struct SignInFloodTests {
    /// An address of its own for each test: on PostgreSQL the tests share the failure table.
    static func freshAddress() -> String {
        "10.\(Int.random(in: 0...255)).\(Int.random(in: 0...255)).\(Int.random(in: 1...254))"
    }

    static func signIn(_ store: TestStore, email: String, password: String, from address: String?) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let address { headers[.init("X-Forwarded-For")!] = "203.0.113.9, \(address)" }
        return try await store.request(.post, "/v1/orgs/\(store.org)/session", token: nil,
                                       body: try JSONEncoder().encode(SignInRequest(email: email, password: password)),
                                       headers: headers)
    }

    /// Fires `count` sign-ins at once; answers their statuses.
    static func burst(_ count: Int, _ store: TestStore, email: @escaping @Sendable (Int) -> String,
                      from address: String?) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask {
                    Int(try await signIn(store, email: email(index), password: "wrong guess \(index)", from: address).status.code)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    static func configuration(queue: PasswordWorkQueue, source: SignInThrottle = TestStore.unlimitedSource,
                              hasher: PasswordHasher = TestStore.fastHasher) -> StoreConfiguration {
        StoreConfiguration(port: 0, sourceSignInThrottle: source, passwordQueue: queue, trustForwardedFor: true,
                           passwordHasher: hasher)
    }

    @Test("200 parallel wrong guesses at one account: at most 5 passwords are checked", arguments: Backend.available)
    func parallelGuessesAtOneAccount(backend: Backend) async throws {
        let queue = PasswordWorkQueue(maxRunning: 8, maxWaiting: 1000)
        try await TestStore.with(backend, configuration: Self.configuration(queue: queue)) { store in
            let before = queue.checksRun
            let email = store.staffEmail(.editor)
            let statuses = try await Self.burst(200, store, email: { _ in email }, from: nil)
            let checked = queue.checksRun - before
            #expect(checked <= SignInThrottle.standard.freeAttempts, "\(checked) passwords checked")
            #expect(statuses.filter { $0 == 401 }.count == checked)
            // The rest are refused unchecked: 429, or 503 on a machine so loaded that the
            // database did not answer in time (it is counted as unchecked all the same).
            let refused = statuses.filter { $0 == 429 || $0 == 503 }.count
            #expect(refused == 200 - checked, "\(Dictionary(grouping: statuses) { $0 }.mapValues(\.count))")
            #expect(statuses.filter { $0 == 429 }.count >= 150)
            // The account now waits, the right password included; other accounts do not.
            #expect(try await store.signIn(email: email).status == .tooManyRequests)
            #expect(try await store.signIn(email: store.staffEmail(.viewer)).status == .ok)
        }
    }

    @Test("one password sprayed over 200 emails from one address: at most 20 are checked", arguments: Backend.available)
    func sprayFromOneAddress(backend: Backend) async throws {
        let queue = PasswordWorkQueue(maxRunning: 8, maxWaiting: 1000)
        try await TestStore.with(backend, configuration: Self.configuration(queue: queue, source: .perSource)) { store in
            let address = Self.freshAddress()
            let before = queue.checksRun
            let statuses = try await Self.burst(200, store, email: { "user\($0)@spray.example" }, from: address)
            let checked = queue.checksRun - before
            #expect(checked <= SignInThrottle.perSource.freeAttempts, "\(checked) passwords checked")
            #expect(statuses.filter { $0 == 429 || $0 == 503 }.count == 200 - checked)
            #expect(statuses.filter { $0 == 429 }.count >= 150)
            // The address waits, even for a real account with its password...
            let blocked = try await Self.signIn(store, email: store.staffEmail(.editor), password: TestStore.staffPassword,
                                                from: address)
            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.errorBody?.message.contains("from this address") == true)
            #expect(blocked.headers[.retryAfter] != nil)
            // ...while that account signs in from anywhere else.
            let elsewhere = try await Self.signIn(store, email: store.staffEmail(.editor), password: TestStore.staffPassword,
                                                  from: Self.freshAddress())
            #expect(elsewhere.status == .ok, "\(elsewhere.text)")
        }
    }

    @Test("a flood beyond the line is answered 429 at once, without checking its passwords", arguments: Backend.available)
    func floodBeyondTheLine(backend: Backend) async throws {
        let queue = PasswordWorkQueue(maxRunning: 1, maxWaiting: 2)
        // Emails nobody has are checked against a decoy at the configured strength: slow ones
        // keep the line full while the rest arrive.
        let configuration = Self.configuration(queue: queue, hasher: PasswordHasher(iterations: 20_000))
        try await TestStore.with(backend, configuration: configuration) { store in
            let before = queue.checksRun
            let statuses = try await Self.burst(30, store, email: { "nobody\($0)@flood.example" }, from: nil)
            let checked = queue.checksRun - before
            let busy = statuses.filter { $0 == 429 }.count
            #expect(busy >= 1, "\(statuses)")
            #expect(statuses.filter { $0 == 401 }.count == checked)
            #expect(checked <= 30 - busy)
            #expect(statuses.allSatisfy { $0 == 401 || $0 == 429 || $0 == 503 })
            // After the flood, a real sign-in goes through.
            #expect(try await store.signIn(email: store.staffEmail(.admin)).status == .ok)
        }
    }

    @Test("the line: at most maxRunning at once, maxWaiting more, the rest refused")
    func queueBounds() async throws {
        let queue = PasswordWorkQueue(maxRunning: 2, maxWaiting: 3)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    let ran: Bool? = try await queue.withSlot {
                        _ = try await queue.check { true }
                        // Long enough for all ten to have reached the line meanwhile.
                        try await Task.sleep(for: .milliseconds(500))
                        return true
                    }
                    return ran ?? false
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 5)
        #expect(queue.checksRun == 5)
    }

    @Test("source keys: IPv4 as it is, IPv6 by its /64, X-Forwarded-For only when trusted")
    func sourceKeys() {
        #expect(ClientAddress.key("192.0.2.7") == "192.0.2.7")
        #expect(ClientAddress.key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(ClientAddress.key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64")
        #expect(ClientAddress.key("not an address") == ClientAddress.unknown)
        let request = Request(head: .init(method: .post, scheme: "http", authority: "store", path: "/",
                                          headerFields: [.init("X-Forwarded-For")!: "198.51.100.1, 192.0.2.44"]),
                              body: .init(buffer: ByteBuffer()))
        #expect(ClientAddress.of(request, peer: "127.0.0.1", trustForwardedFor: true) == "192.0.2.44")
        #expect(ClientAddress.of(request, peer: "127.0.0.1", trustForwardedFor: false) == "127.0.0.1")
        #expect(ClientAddress.of(request, peer: nil, trustForwardedFor: false) == ClientAddress.unknown)
    }

    @Test("the memo only repeats the database's refusals, until their wait is over, within its capacity")
    func memo() {
        let memo = ThrottleMemo(capacity: 3)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let attempt = SignInAttempt(org: "org", email: "a@b.example", source: "192.0.2.1", at: now)
        #expect(memo.admission(for: attempt) == nil)
        memo.remember(.admitted, for: attempt)
        #expect(memo.admission(for: attempt) == nil)
        memo.remember(.accountThrottled(retryAfter: 60), for: attempt)
        var later = attempt
        later.at = now.addingTimeInterval(20)
        #expect(memo.admission(for: later) == .accountThrottled(retryAfter: 40))
        later.at = now.addingTimeInterval(61)
        #expect(memo.admission(for: later) == nil)
        memo.forgetAccount(of: attempt)
        #expect(memo.admission(for: attempt) == nil)
        // A flood over many sources keeps at most `capacity` waits.
        for index in 0..<10 {
            var other = attempt
            other.source = "192.0.2.\(index + 10)"
            memo.remember(.sourceThrottled(retryAfter: 60 + index), for: other)
        }
        var newest = attempt
        newest.source = "192.0.2.19"
        #expect(memo.admission(for: newest) == .sourceThrottled(retryAfter: 69))
        newest.source = "192.0.2.10"
        #expect(memo.admission(for: newest) == nil)
    }
}
