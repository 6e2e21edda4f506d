import Foundation
import Testing
@testable import StewardCore

/// An event's reminder (`remindBefore`): one of a fixed list of minutes, left out of the record
/// when there is none (so older records and the wire are unchanged), refused when off the list,
/// and kept by the console's event table.
@Suite struct EventReminderFieldTests {
    static func timed(remind: Int) -> EventDetails {
        EventDetails(title: "Choir", timing: .timed(start: Date(timeIntervalSince1970: 1_796_000_000),
                                                    end: Date(timeIntervalSince1970: 1_796_003_600), timeZone: "Europe/Paris"),
                     remindBefore: remind)
    }

    @Test func travelsAsTheMinutesAndReadsBack() throws {
        for minutes in EventReminder.minutes {
            let details = Self.timed(remind: minutes)
            #expect(details.syncFields["remindBefore"] == .string(String(minutes)))
            #expect(try EventDetails(syncFields: details.syncFields) == details)
        }
    }

    @Test func noneIsLeftOut() throws {
        let details = Self.timed(remind: 0)
        #expect(details.syncFields["remindBefore"] == nil)
        let canonical = try RecordType.event.validate(details.syncFields, orgZone: .gmt)
        #expect(canonical["remindBefore"] == nil, "the record is as it was before reminders")
        #expect(try EventDetails(syncFields: details.syncFields).remindBefore == 0)
    }

    @Test("a length off the list is refused, naming the choices", arguments: [JSONValue.string("45"), .string("1h"), .int(60)])
    func offTheListIsRefused(_ value: JSONValue) throws {
        guard case .object(var fields) = Self.timed(remind: 0).syncFields else { return }
        fields["remindBefore"] = value
        let error = #expect(throws: ValidationError.self) { try EventDetails(syncFields: .object(fields)) }
        #expect(error?.issues.map(\.field) == [EventField.remindBefore], "\(String(describing: error))")
    }

    @Test func theFormTypesItAndShowsItAgain() throws {
        var form = EventForm()
        form.title = "Choir"
        form.starts = "2026-12-06T10:30"
        form.remindBefore = "1440"
        let details = try form.validate(organizationZone: .gmt)
        #expect(details.remindBefore == 1440)
        #expect(EventForm(details, organizationZone: .gmt).remindBefore == "1440")
        form.remindBefore = ""
        #expect(try form.validate(organizationZone: .gmt).remindBefore == 0)
        form.remindBefore = "45"
        let error = #expect(throws: ValidationError.self) { try form.validate(organizationZone: .gmt) }
        let message = error?.issues.first { $0.field == EventField.remindBefore }?.message ?? ""
        #expect(message.contains("15, 30, 60, 120, 1440, 2880, 10080") && message.contains("45"), "\(message)")
    }

    @Test func staffReadTheLengthNotTheMinutes() throws {
        let field = try #require(RecordType.event.field("remindBefore"))
        #expect(field.displayText(.string("60"), zone: .gmt) == "1 hour before")
        #expect(field.displayText(.string("10080"), zone: .gmt) == "1 week before")
    }

    @Test func theConsoleTableKeepsIt() async throws {
        let f = try await Fixture()
        var form = EventForm.timed("Choir")
        form.remindBefore = "120"
        let event = try await f.events.create(form, in: f.org)
        #expect(try await f.events.event(id: event.id)?.details.remindBefore == 120)
        form.remindBefore = ""
        _ = try await f.events.update(event.id, with: form, in: f.org)
        #expect(try await f.events.event(id: event.id)?.details.remindBefore == 0)
    }
}
