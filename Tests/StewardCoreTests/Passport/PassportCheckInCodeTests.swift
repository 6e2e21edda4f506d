import Foundation
import Testing
@testable import StewardCore

/// The rotating check-in code: RFC 6238's SHA-256 vectors, and when a code is accepted.
@Suite("Passport check-in codes")
struct PassportCheckInCodeTests {
    /// RFC 6238, appendix B: the SHA-256 seed is these 32 ASCII bytes, the step 30 s, 8 digits.
    static let seed = Array("12345678901234567890123456789012".utf8)
    static let rfc = CheckInCode(secret: seed, step: 30, digits: 8)

    @Test("RFC 6238 SHA-256 test vectors", arguments: [
        (59.0, "46119246"), (1_111_111_109, "68084774"), (1_111_111_111, "67062674"),
        (1_234_567_890, "91819424"), (2_000_000_000, "90698825"), (20_000_000_000, "77737706"),
    ])
    func vectors(time: Double, code: String) {
        #expect(Self.rfc.code(at: Date(timeIntervalSince1970: time)) == code)
    }

    @Test("six digits every five minutes by default, kept with leading zeros, valid until the step ends")
    func defaults() {
        let code = CheckInCode(secret: Self.seed)
        let now = Date(timeIntervalSince1970: 1_800_000_123)
        #expect(code.code(at: now).count == 6)
        #expect(code.code(at: now).allSatisfy { $0.isNumber })
        #expect(code.validUntil(now) == Date(timeIntervalSince1970: 1_800_000_300))
        #expect(code.code(at: now) == code.code(at: Date(timeIntervalSince1970: 1_800_000_299)))
        // Truncation keeps the leading zeros: every counter gives exactly `digits` characters.
        #expect((0..<300).allSatisfy { code.code(counter: UInt64($0)).count == 6 })
    }

    @Test("a code is accepted in its step and one step either side, not two")
    func grace() {
        let code = CheckInCode(secret: Self.seed)
        let shown = Date(timeIntervalSince1970: 1_800_000_100)
        let typed = code.code(at: shown)
        let open = CheckInWindow.alwaysOpen
        #expect(code.accepts(typed, at: shown, window: open))
        #expect(code.accepts(" " + typed + " ", at: shown, window: open))
        #expect(code.accepts(typed, at: shown.addingTimeInterval(300), window: open))
        #expect(code.accepts(typed, at: shown.addingTimeInterval(-300), window: open))
        #expect(!code.accepts(typed, at: shown.addingTimeInterval(600), window: open))
        #expect(!code.accepts(typed, at: shown.addingTimeInterval(-86_400), window: open), "yesterday's code")
        #expect(!code.accepts("000000", at: shown, window: open) || typed == "000000")
        #expect(!CheckInCode(secret: Array("another event's secret".utf8)).accepts(typed, at: shown, window: open))
    }

    @Test("check-in opens shortly before a timed event starts and closes shortly after it ends")
    func timedWindow() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let timing = EventTiming.timed(start: start, end: start.addingTimeInterval(7_200), timeZone: "America/New_York")
        let window = CheckInWindow(timing: timing, orgZone: TimeZone(identifier: "America/New_York")!)
        #expect(!window.isOpen(at: start.addingTimeInterval(-31 * 60)))
        #expect(window.isOpen(at: start.addingTimeInterval(-29 * 60)))
        #expect(window.isOpen(at: start.addingTimeInterval(7_200 + 29 * 60)))
        #expect(!window.isOpen(at: start.addingTimeInterval(7_200 + 31 * 60)))
        let code = CheckInCode(secret: Self.seed)
        let early = start.addingTimeInterval(-3_600)
        #expect(!code.accepts(code.code(at: early), at: early, window: window), "the right code, too early")
    }

    @Test("all-day events take check-ins over their days in the organization's zone; ongoing ones always")
    func otherTimings() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let first = LocalDate(year: 2027, month: 6, day: 5), last = LocalDate(year: 2027, month: 6, day: 6)
        let window = CheckInWindow(timing: .allDay(first: first, last: last), orgZone: zone)
        let opens = first.startOfDay(in: zone)
        #expect(window.isOpen(at: opens.addingTimeInterval(36 * 3_600)))
        #expect(!window.isOpen(at: opens.addingTimeInterval(-3_600)))
        #expect(!window.isOpen(at: opens.addingTimeInterval(49 * 3_600)))
        let ongoing = CheckInWindow(timing: .untimed, orgZone: zone)
        #expect(ongoing == .alwaysOpen)
        #expect(ongoing.isOpen(at: .distantPast) && ongoing.isOpen(at: .distantFuture))
    }
}
