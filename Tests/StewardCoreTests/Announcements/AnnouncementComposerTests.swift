import Foundation
import Testing
@testable import StewardCore

/// What the console's composer relies on: "Send" with no time sends as soon as it is saved, a
/// copy of a sent announcement starts as a draft, and the question asked before sending.
@Suite("Announcement composer")
struct AnnouncementComposerTests {
    static let zone = TimeZone(identifier: "America/Chicago")!
    static let org = Organization(slug: "grace", name: "Grace", timeZoneIdentifier: "America/Chicago", kind: .church)

    static func at(_ text: String) -> Date { DateTimeText.parse(text, zone: zone)! }

    static func fields(_ extra: [String: JSONValue]) -> JSONValue {
        var values: [String: JSONValue] = ["title": .string("Snow"), "body": .string("One service at 11:00.")]
        values.merge(extra) { _, new in new }
        return .object(values)
    }

    @Test("scheduled with no time is given the moment it is saved; a draft keeps none")
    func sendNowWithoutTime() throws {
        let before = Date().addingTimeInterval(-1)
        let sent = try RecordType.announcement.validate(Self.fields(["sending": .string("scheduled")]), orgZone: Self.zone)
        let sendAt = try #require(sent["sendAt"]?.stringValue.flatMap(DateTimeText.parseUTC))
        #expect(sendAt >= before && sendAt <= Date().addingTimeInterval(1))
        let draft = try RecordType.announcement.validate(Self.fields(["sending": .string("draft")]), orgZone: Self.zone)
        #expect(FieldKind.isEmpty(draft["sendAt"]))
    }

    @Test("a duplicate starts as a draft with no time, keeping the words and the audience")
    func duplicateIsADraft() {
        let sent = Self.fields(["sending": .string("scheduled"), "sendAt": .string("2026-11-15T12:30:00Z"),
                                "audience": .array([.string("volunteers")])])
        let copy = RecordType.announcement.duplicateFields(of: sent)
        #expect(copy["sending"]?.stringValue == "draft")
        #expect(FieldKind.isEmpty(copy["sendAt"]))
        #expect(copy["body"] == sent["body"])
        #expect(copy["audience"] == sent["audience"])
        #expect(copy["title"]?.stringValue?.hasPrefix("Snow") == true)
    }

    @Test("asked before it goes to every member, now or later")
    func everyoneAsked() {
        let now = Self.at("2026-12-05T10:00")
        let soon = SendingQuestion(fields: Self.fields([:]), sendAt: now, now: now, org: Self.org, quietHours: nil)
        #expect(soon.heading == "Send to Every Member Now?")
        #expect(soon.sendsNow)
        #expect(soon.body.contains("every member of Grace as soon as it is saved"))
        let later = SendingQuestion(fields: Self.fields([:]), sendAt: Self.at("2026-12-06T09:00"), now: now, org: Self.org,
                                    quietHours: nil)
        #expect(later.heading == "Schedule for Every Member?")
        #expect(!later.sendsNow)
    }

    @Test("an audience is not asked about, unless urgent in quiet hours")
    func audienceAndQuietHours() {
        let quiet = QuietHours(settings: .object(["quietFrom": .string("21:30"), "quietUntil": .string("07:00")]))
        let night = Self.at("2026-12-05T23:00")
        let tagged = Self.fields(["audience": .array([.string("volunteers")])])
        #expect(SendingQuestion(fields: tagged, sendAt: night, now: night, org: Self.org, quietHours: quiet).heading == nil)
        let urgent = Self.fields(["audience": .array([.string("volunteers")]), "urgent": .bool(true)])
        let asked = SendingQuestion(fields: urgent, sendAt: night, now: night, org: Self.org, quietHours: quiet)
        #expect(asked.heading == "Send During Quiet Hours?")
        #expect(asked.body.contains("(21:30 to 07:00)"))
        let day = Self.at("2026-12-05T12:00")
        #expect(SendingQuestion(fields: urgent, sendAt: day, now: day, org: Self.org, quietHours: quiet).heading == nil)
    }

    @Test("one for a campus or a ministry is not asked about as for every member")
    func campusIsNotEveryone() {
        let quiet = QuietHours(settings: .object(["quietFrom": .string("21:30"), "quietUntil": .string("07:00")]))
        let night = Self.at("2026-12-05T23:00")
        let campus = UUID().uuidString.lowercased()
        #expect(SendingQuestion(fields: Self.fields(["campus": .string(campus)]), sendAt: night, now: night, org: Self.org,
                                quietHours: nil).heading == nil)
        let urgent = Self.fields(["ministry": .string(campus), "urgent": .bool(true)])
        let asked = SendingQuestion(fields: urgent, sendAt: night, now: night, org: Self.org, quietHours: quiet)
        #expect(asked.heading == "Send During Quiet Hours?")
        #expect(asked.body.contains("the members of its campus or ministry as soon as it is saved"), "\(asked.body)")
    }
}
