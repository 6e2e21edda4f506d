import Crypto
import Foundation

/// The rotating code attendees type to check in at an event: TOTP (RFC 6238) over HMAC-SHA256,
/// derived from a per-event secret the store keeps. A new code every `step` (5 minutes), so a
/// code photographed yesterday is worthless; one step of grace either side, so a code read off
/// the projector just before it changed still works. The store verifies it (the phone never
/// does: the original app checked the PIN on the phone, and stamps were forged).
public struct CheckInCode: Sendable {
    public static let defaultStep: TimeInterval = 5 * 60
    public static let defaultDigits = 6

    public let secret: [UInt8]
    public let step: TimeInterval
    public let digits: Int

    public init(secret: [UInt8], step: TimeInterval = Self.defaultStep, digits: Int = Self.defaultDigits) {
        precondition(step > 0 && (1...9).contains(digits), "a positive step and 1 to 9 digits")
        self.secret = secret
        self.step = step
        self.digits = digits
    }

    /// The time step `date` falls in (RFC 6238's T, counted from 1970).
    public func counter(at date: Date) -> UInt64 {
        UInt64(max(0, (date.timeIntervalSince1970 / step).rounded(.down)))
    }

    /// The code shown at `date`.
    public func code(at date: Date) -> String {
        code(counter: counter(at: date))
    }

    /// When the code shown at `date` stops being the current one (grace aside).
    public func validUntil(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(counter(at: date) + 1) * step)
    }

    /// HOTP (RFC 4226) over HMAC-SHA256: dynamic truncation of the MAC of the counter, in
    /// big-endian bytes, to `digits` decimal digits.
    public func code(counter: UInt64) -> String {
        let message = withUnsafeBytes(of: counter.bigEndian) { Array($0) }
        let mac = Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let binary = (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let number = String(binary % modulus)
        return String(repeating: "0", count: digits - number.count) + number
    }

    /// Whether `typed` is the code of the step of `date` or of one step either side, and the
    /// event is open for check-in then. Compared in constant time, so the answer's timing says
    /// nothing of how close a guess was.
    public func accepts(_ typed: String, at date: Date, window: CheckInWindow) -> Bool {
        guard window.isOpen(at: date) else { return false }
        let typed = typed.filter { !$0.isWhitespace }
        let current = counter(at: date)
        let steps = current == 0 ? [current, current + 1] : [current - 1, current, current + 1]
        // Every candidate is compared, matched or not, for the same reason.
        return steps.map { Self.sameText(code(counter: $0), typed) }.contains(true)
    }

    private static func sameText(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}

/// When an event takes check-ins: from shortly before it starts (people arrive early) to
/// shortly after it ends (the last ones scan on their way out). An ongoing event (a mural walk)
/// has no times and is always open; the store checks its position instead.
public struct CheckInWindow: Hashable, Sendable {
    /// How early check-in opens before the start.
    public static let defaultLead: TimeInterval = 30 * 60
    /// How long it stays open after the end.
    public static let defaultTail: TimeInterval = 30 * 60

    /// nil: open since forever / until forever.
    public let opens: Date?
    public let closes: Date?

    public init(opens: Date?, closes: Date?) {
        self.opens = opens
        self.closes = closes
    }

    /// The window of an event with this timing; `orgZone` places all-day events' days.
    public init(timing: EventTiming, orgZone: TimeZone, lead: TimeInterval = Self.defaultLead,
                tail: TimeInterval = Self.defaultTail) {
        opens = timing.sortStart(orgZone: orgZone).map { $0.addingTimeInterval(-lead) }
        closes = timing.sortEnd(orgZone: orgZone).map { $0.addingTimeInterval(tail) }
    }

    public static let alwaysOpen = CheckInWindow(opens: nil, closes: nil)

    public func isOpen(at date: Date) -> Bool {
        if let opens, date < opens { return false }
        if let closes, date > closes { return false }
        return true
    }
}
