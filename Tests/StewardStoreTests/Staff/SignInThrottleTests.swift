import Foundation
import Testing
@testable import StewardStore

@Suite("Sign-in throttle")
struct SignInThrottleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let throttle = SignInThrottle.standard

    /// `count` failures, the latest `secondsAgo` before now, one second apart.
    func failures(_ count: Int, latestSecondsAgo secondsAgo: Double = 0) -> [Date] {
        (0..<count).map { now.addingTimeInterval(-secondsAgo - Double($0)) }
    }

    @Test("the first five failures are not slowed down")
    func freeAttempts() {
        #expect(throttle.freeAttempts == 5)
        for count in 0..<5 {
            #expect(throttle.retryAfter(failures: failures(count), now: now) == nil)
        }
    }

    @Test("from the fifth failure on, the wait doubles with each failure up to 15 minutes")
    func doubling() {
        let waits = (5...12).map { throttle.retryAfter(failures: failures($0), now: now) }
        #expect(waits == [60, 120, 240, 480, 900, 900, 900, 900])
    }

    @Test("the wait counts from the latest failure")
    func countsFromLatest() {
        #expect(throttle.retryAfter(failures: failures(5, latestSecondsAgo: 45), now: now) == 15)
        #expect(throttle.retryAfter(failures: failures(5, latestSecondsAgo: 60), now: now) == nil)
        #expect(throttle.retryAfter(failures: failures(6, latestSecondsAgo: 60.5), now: now) == 60)
    }

    @Test("failures outside the 15-minute window do not count")
    func window() {
        #expect(throttle.windowStart(now: now) == now.addingTimeInterval(-900))
    }
}
