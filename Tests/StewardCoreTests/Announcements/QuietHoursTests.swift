import Foundation
import Testing
@testable import StewardCore

/// Quiet hours in the organization's time, a window that may run past midnight.
@Suite("Quiet hours")
struct QuietHoursTests {
    static let zone = TimeZone(identifier: "America/Chicago")!

    static func at(_ text: String) -> Date { DateTimeText.parse(text, zone: zone)! }

    @Test("a window past midnight holds the evening and the early morning, and ends at its end")
    func overnight() throws {
        let hours = try #require(QuietHours(settings: .object(["quietFrom": .string("21:30"), "quietUntil": .string("07:00")])))
        #expect(hours.end(containing: Self.at("2026-12-05T21:29"), zone: Self.zone) == nil)
        #expect(hours.end(containing: Self.at("2026-12-05T21:30"), zone: Self.zone) == Self.at("2026-12-06T07:00"))
        #expect(hours.end(containing: Self.at("2026-12-06T03:15"), zone: Self.zone) == Self.at("2026-12-06T07:00"))
        #expect(hours.end(containing: Self.at("2026-12-06T07:00"), zone: Self.zone) == nil)
    }

    @Test("a window within the day")
    func daytime() throws {
        let hours = try #require(QuietHours(settings: .object(["quietFrom": .string("12:00"), "quietUntil": .string("13:30")])))
        #expect(hours.end(containing: Self.at("2026-12-05T12:45"), zone: Self.zone) == Self.at("2026-12-05T13:30"))
        #expect(hours.end(containing: Self.at("2026-12-05T14:00"), zone: Self.zone) == nil)
    }

    @Test("settings are checked: times of day, and both ends")
    func checked() {
        #expect(QuietHours(settings: .object([:])) == nil)
        #expect(throws: ValidationError.self) {
            try RecordType.pushSettings.validate(.object(["quietFrom": .string("25:00"), "quietUntil": .string("07:00")]), orgZone: Self.zone)
        }
        #expect(throws: ValidationError.self) {
            try RecordType.pushSettings.validate(.object(["quietFrom": .string("21:30")]), orgZone: Self.zone)
        }
        #expect((try? RecordType.pushSettings.validate(.object(["quietFrom": .string("21:30"), "quietUntil": .string("7:00")]),
                                                        orgZone: Self.zone)) != nil)
    }
}
