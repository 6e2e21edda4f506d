import Foundation
import Testing
@testable import StewardCore

/// The code a console shows for a repeating event is its date's own: the date open for
/// check-in, else the next; an event that happens once shows its key's code as before.
@Suite("Check-in codes per date of a series")
struct CheckInOccurrenceCodeTests {
    @Test("a weekly series shows the code of the date going on, else the next; each date's code differs")
    func weekly() async throws {
        let f = try await Fixture()
        var form = EventForm.timed("Choir", starts: "2026-12-02T19:00", ends: "2026-12-02T21:00")
        form.stampValue = "1"
        form.repeatRule = "FREQ=WEEKLY;COUNT=4"
        let event = try await f.events.create(form, in: f.org)
        guard case .timed(let first, _, _) = event.details.timing else { Issue.record("not timed"); return }
        let keys = CheckInKeys(database: f.database)
        let secret = try await keys.secret(for: event.id, in: f.org)

        let during = first.addingTimeInterval(7 * 86_400 + 1800)
        let second = try await keys.codeOfOccurrence(for: event.id, in: f.org, at: during)
        let secondKey = try #require(second.occurrence?.occurrence)
        #expect(second.occurrence?.timing.sortStart(orgZone: f.org.timeZone) == first.addingTimeInterval(7 * 86_400))
        #expect(second.code == CheckInOccurrences.code(secret: secret, occurrence: secondKey).code(at: during))
        #expect(try await keys.code(for: event.id, in: f.org, at: during).code == second.code)

        let between = first.addingTimeInterval(10 * 86_400)
        let next = try await keys.codeOfOccurrence(for: event.id, in: f.org, at: between)
        #expect(next.occurrence?.timing.sortStart(orgZone: f.org.timeZone) == first.addingTimeInterval(14 * 86_400))

        // One key, a code per date: no two dates share a step's code by design.
        let codes = (0..<4).map { week in
            CheckInOccurrences.code(secret: secret, occurrence: "2026-12-\(String(format: "%02d", 2 + 7 * week))T19:00").code(at: during)
        }
        #expect(Set(codes).count == 4, "\(codes)")
        #expect(!codes.contains(CheckInCode(secret: secret).code(at: during)))
    }

    @Test("an event that happens once shows its key's own code and no date")
    func single() async throws {
        let f = try await Fixture()
        var form = EventForm.timed("Harvest fair")
        form.stampValue = "2"
        let event = try await f.events.create(form, in: f.org)
        let keys = CheckInKeys(database: f.database)
        let at = Date(timeIntervalSince1970: 1_796_000_000)
        let shown = try await keys.codeOfOccurrence(for: event.id, in: f.org, at: at)
        #expect(shown.occurrence == nil)
        #expect(shown.code == CheckInCode(secret: try await keys.secret(for: event.id, in: f.org)).code(at: at))
    }
}
