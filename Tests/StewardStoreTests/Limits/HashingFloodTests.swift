import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import StewardCore
@testable import StewardStore

/// A flood of sign-ins with made-up emails (each checked against a decoy hash) must not turn
/// away the organization's real staff and members: sign-ins to accounts that exist have places
/// of their own in the password line and go first; the made-up ones are shed.
@Suite("Real accounts under a hashing flood")
struct HashingFloodTests {
    /// Holds the stand-ins for flooding sign-ins in the line until the test opens it.
    actor Gate {
        private var open = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        /// How many have come to the gate so far.
        private(set) var arrived = 0

        func wait() async {
            arrived += 1
            if open { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            open = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    /// The order in which waiting work ran.
    final class RunOrder: Sendable {
        private let names = Mutex<[String]>([])
        var all: [String] { names.withLock { $0 } }
        func append(_ name: String) { names.withLock { $0.append(name) } }
    }

    final class Flag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
    }

    /// Runs `request` while the line is full (`maxRunning` 1, `maxWaiting` 2, all taken by
    /// stand-ins for made-up emails); once it waits in line too, or has been answered, opens the
    /// line and answers what it got. `during` runs while the line is full.
    static func whileFlooded(_ queue: PasswordWorkQueue, during: () async throws -> Void,
                             _ request: @escaping @Sendable () async throws -> TestResponse) async throws -> TestResponse {
        let gate = Gate()
        return try await withThrowingTaskGroup(of: Void.self) { fillers in
            for _ in 0..<(queue.maxRunning + queue.maxWaiting) {
                fillers.addTask { _ = try await queue.withSlot { await gate.wait() } }
            }
            while queue.waitingCount < queue.maxWaiting { try await Task.sleep(for: .milliseconds(10)) }
            try await during()
            let answered = Flag()
            let attempt = Task {
                defer { answered.set() }
                return try await request()
            }
            while queue.waitingCount <= queue.maxWaiting && !answered.isSet { try await Task.sleep(for: .milliseconds(10)) }
            await gate.release()
            let response = try await attempt.value
            try await fillers.waitForAll()
            return response
        }
    }

    @Test("with the line full of made-up emails, a real staff member's sign-in waits its turn and gets in",
          arguments: Backend.available)
    func staffGetIn(backend: Backend) async throws {
        let queue = PasswordWorkQueue(maxRunning: 1, maxWaiting: 2)
        try await TestStore.with(backend, configuration: SignInFloodTests.configuration(queue: queue)) { store in
            let console = try await store.signInOK(.viewer)
            let response = try await Self.whileFlooded(queue, during: {
                // A made-up email finds no place: shed at once.
                let madeUp = try await SignInFloodTests.signIn(store, email: "nobody@flood.example", password: "a guess",
                                                               from: SignInFloodTests.freshAddress())
                #expect(madeUp.status == .tooManyRequests)
                #expect(madeUp.errorBody?.message == "the store is checking too many sign-ins right now; try again in a moment")
                // A console that signed in before renews its tokens without any password check.
                #expect(try await store.refresh(console.refreshToken).status == .ok)
            }) {
                try await SignInFloodTests.signIn(store, email: store.staffEmail(.editor), password: TestStore.staffPassword,
                                                  from: SignInFloodTests.freshAddress())
            }
            #expect(response.status == .ok, "\(response.text)")
        }
    }

    @Test("with the line full of made-up emails, a real member's wrong password is still checked (401, not 429)",
          arguments: Backend.available)
    func membersGetChecked(backend: Backend) async throws {
        let queue = PasswordWorkQueue(maxRunning: 1, maxWaiting: 2)
        try await TestStore.with(backend, configuration: SignInFloodTests.configuration(queue: queue)) { store in
            let member = try await store.newMember()
            let response = try await Self.whileFlooded(queue, during: {}) {
                try await store.memberSignIn(email: member.email, password: "not the password")
            }
            #expect(response.status == .unauthorized, "\(response.text)")
        }
    }

    @Test("known accounts go first, and have places of their own beyond the line")
    func queueReserve() async throws {
        let queue = PasswordWorkQueue(maxRunning: 1, maxWaiting: 1, reservedWaiting: 1)
        let gate = Gate()
        let order = RunOrder()
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { try await queue.withSlot { await gate.wait(); return "running" } }
            // The first one holds the slot before the others come.
            while await gate.arrived < 1 { try await Task.sleep(for: .milliseconds(10)) }
            group.addTask { try await queue.withSlot(.other) { order.append("other"); return "other" } }
            while queue.waitingCount < 1 { try await Task.sleep(for: .milliseconds(10)) }
            // The line is full: another made-up email is shed...
            #expect(try await queue.withSlot(.other) { "shed" } == nil)
            // ...while a known account takes the reserved place, and goes before the one waiting.
            group.addTask { try await queue.withSlot(.knownAccount) { order.append("known"); return "known" } }
            while queue.waitingCount < 2 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(try await queue.withSlot(.knownAccount) { "over" } == nil, "the reserve is full too")
            await gate.release()
            var finished: [String] = []
            for try await name in group { if let name { finished.append(name) } }
            #expect(Set(finished) == ["running", "other", "known"])
        }
        #expect(order.all == ["known", "other"])
    }
}
