import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Per-organization rate limits on deliveries, counted in the database so they hold across
/// store processes: an organization's jobs taken in one minute never exceed the limit, the
/// rest wait for the next minute (not failed), and other organizations are not held back.
@Suite("Push rate limits")
struct PushRateLimitTests {
    static func devices(_ store: TestStore, org: String, member: String, count: Int, from first: Int) async throws {
        for n in first..<(first + count) {
            _ = try await store.repository.registerPushDevice(
                PushDevice(id: "device-\(UUID().uuidString.lowercased())", org: org, memberId: member, platform: .apns,
                           address: AnnouncementDeliveryTests.token(n), createdAt: Date()), keepingAtMost: 100)
        }
    }

    static func sendOut(_ store: TestStore, org: String, at now: Date) async throws {
        let message = PushMessage(org: org, id: "announcement:\(Fixtures.newRecordId())", title: "Rate", body: "Rate",
                                  sendAt: now, expiresAt: now.addingTimeInterval(3600))
        #expect(try await store.repository.enqueuePushMessage(message, now: now))
        _ = try await store.repository.fanOutDuePushMessages(now: now, limit: 10, org: org)
    }

    @Test("a limit of 5 takes 5 of 12 jobs a minute, and another organization's jobs go meanwhile",
          arguments: Backend.available)
    func limitsPerOrganization(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana")
            let registered = try await store.register(email: "zoe-\(UUID().uuidString.prefix(8).lowercased())@residents.example",
                                                      org: store.foreignOrg)
            #expect(registered.status == .created, "\(registered.text)")
            let zoe = try JSONValue.parse(Data(registered.body.readableBytesView))["id"]?.stringValue ?? ""
            try await Self.devices(store, org: store.org, member: ana.id, count: 12, from: 600)
            try await Self.devices(store, org: store.foreignOrg, member: zoe, count: 2, from: 700)
            let now = Date()
            try await Self.sendOut(store, org: store.org, at: now)
            try await Self.sendOut(store, org: store.foreignOrg, at: now)

            // A moment in the next minute, and the minute after.
            let window = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 65)
            let queue = store.repository
            func claim(_ at: Date, org: String?) async throws -> [PushJob] {
                try await queue.claimPushJobs(now: at, lease: .seconds(3600), limit: 64, org: org, ratePerMinute: 5)
            }
            if backend == .sqlite {
                // Its own database: one claim over both organizations shows one's waiting jobs
                // never crowd out the other's.
                let taken = try await claim(window, org: nil)
                #expect(taken.filter { $0.message.org == store.org }.count == 5)
                #expect(taken.filter { $0.message.org == store.foreignOrg }.count == 2)
            } else {
                #expect(try await claim(window, org: store.org).count == 5)
                #expect(try await claim(window, org: store.foreignOrg).count == 2, "not held back by the other's limit")
            }
            #expect(try await claim(window.addingTimeInterval(30), org: store.org).isEmpty, "the limit holds all minute")
            let second = try await claim(window.addingTimeInterval(60), org: store.org)
            #expect(second.count == 5, "the next minute takes the next 5")
            let messageId = try #require(second.first?.message.id)
            let report = try #require(try await queue.pushReport(org: store.org, messageId: messageId))
            #expect(report.failed == 0 && report.pending == 12, "over the limit waits, not failed")
            // The minute after, the last 2.
            let third = try await claim(window.addingTimeInterval(120), org: store.org)
            #expect(third.count == 2)
            #expect(try await claim(window.addingTimeInterval(180), org: store.org).isEmpty, "all 12 taken")
            // Without a limit nothing is held back.
            #expect(try await queue.claimPushJobs(now: window.addingTimeInterval(3 * 3600), lease: .seconds(60), limit: 64,
                                                  org: store.org).count == 12)
        }
    }
}
