import Foundation
import Testing
@testable import StewardCore

/// One occurrence of a series cancelled or changed, and the series split at one ("this and
/// following"): each gives series the declaration accepts, with the dates people expect.
@Suite struct SeriesEditTests {
    let chicago = TimeZone(identifier: "America/Chicago")!

    func at(_ text: String) -> Date { DateTimeText.parse(text, zone: chicago)! }

    func weekly(_ rule: String = "FREQ=WEEKLY;BYDAY=WE") throws -> EventDetails {
        let start = at("2026-12-02T19:00")
        var details = EventDetails(title: "Prayer", locationName: "Chapel",
                                   timing: .timed(start: start, end: start.addingTimeInterval(3600), timeZone: "America/Chicago"))
        details.repeats = EventRepeats(rule: try RepeatRule(rule))
        return details
    }

    func keys(_ details: EventDetails, to end: String = "2027-01-15T00:00") -> [String] {
        Event(orgId: UUID(), details: details).occurrences(from: at("2026-11-01T00:00"), to: at(end), zone: chicago).map(\.occurrence)
    }

    func accepted(_ details: EventDetails) throws -> EventDetails {
        try EventDetails(syncFields: try RecordType.event.validate(details.syncFields, orgZone: chicago))
    }

    @Test func cancellingOneDateLeavesTheOthers() throws {
        let series = try accepted(try weekly("FREQ=WEEKLY;BYDAY=WE;COUNT=4").cancelling("2026-12-09T19:00", zone: chicago))
        #expect(keys(series) == ["2026-12-02T19:00", "2026-12-16T19:00", "2026-12-23T19:00"])
        #expect(throws: ValidationError.self) { try series.cancelling("2026-12-09T19:00", zone: self.chicago) }
        #expect(throws: ValidationError.self) { try series.cancelling("2026-12-10T19:00", zone: self.chicago) }
        #expect(throws: ValidationError.self) { try series.cancelling("2026-12-30T19:00", zone: self.chicago) }
    }

    @Test func changingOneDateKeepsOnlyWhatDiffersAndRefusesSeriesWideFields() throws {
        let series = try weekly("FREQ=WEEKLY;BYDAY=WE;COUNT=4")
        let occurrence = try series.checkedOccurrence("2026-12-16T19:00", zone: chicago)
        var edited = series.details(of: occurrence)
        edited.title = "Carols"
        edited.timing = .timed(start: at("2026-12-16T18:00"), end: at("2026-12-16T19:30"), timeZone: "America/Chicago")
        let changed = try accepted(try series.changing("2026-12-16T19:00", to: edited, zone: chicago))
        let change = try #require(changed.repeats.changed.first)
        #expect(change.occurrence == "2026-12-16T19:00" && change.title == "Carols" && change.locationName == "")
        #expect(keys(changed) == ["2026-12-02T19:00", "2026-12-09T19:00", "2026-12-16T19:00", "2026-12-23T19:00"])
        // Changing it back to the series' own leaves no change.
        let back = try changed.changing("2026-12-16T19:00", to: series.details(of: occurrence), zone: chicago)
        #expect(back.repeats.changed.isEmpty)
        var host = series.details(of: occurrence)
        host.host = "Choir"
        #expect(throws: ValidationError.self) { try series.changing("2026-12-16T19:00", to: host, zone: self.chicago) }
    }

    @Test func splittingEndsTheOldSeriesBeforeTheDateAndStartsANewOneThere() throws {
        var series = try weekly("FREQ=WEEKLY;BYDAY=WE;COUNT=6")
        series.repeats.cancelled = ["2026-12-09T19:00", "2026-12-30T19:00"]
        let occurrence = try series.checkedOccurrence("2026-12-16T19:00", zone: chicago)
        var edited = series.details(of: occurrence)
        edited.timing = .timed(start: at("2026-12-16T18:30"), end: at("2026-12-16T19:30"), timeZone: "America/Chicago")
        let (before, following) = try series.splitting(at: "2026-12-16T19:00", edited: edited, zone: chicago)
        let old = try accepted(try #require(before))
        let new = try accepted(following)
        #expect(keys(old) == ["2026-12-02T19:00"])
        #expect(old.repeats.rule?.text.contains("UNTIL=20261217T005959Z") == true)
        // Six dates in all, two before the split: four from it on, at the new time, the 30th still cancelled.
        #expect(new.repeats.rule?.count == 4)
        #expect(keys(new) == ["2026-12-16T18:30", "2026-12-23T18:30", "2027-01-06T18:30"])
        #expect(new.repeats.cancelled == ["2026-12-30T18:30"])
        // At its first date, a split is an edit of the whole series.
        let whole = try series.splitting(at: "2026-12-02T19:00", edited: series, zone: chicago)
        #expect(whole.before == nil)
    }

    @Test func aSplitStoresTheEndedSeriesAndTheNewOneTogether() async throws {
        let f = try await Fixture()
        let series = try await f.events.create(try accepted(try weekly("FREQ=WEEKLY;BYDAY=WE;COUNT=4")), in: f.org)
        let occurrence = try series.details.checkedOccurrence("2026-12-16T19:00", zone: chicago)
        var edited = series.details.details(of: occurrence)
        edited.title = "Carols"
        let (before, following) = try series.details.splitting(at: occurrence.occurrence, edited: edited, zone: chicago)
        let new = try await f.events.split(series.id, before: try accepted(try #require(before)), following: try accepted(following), in: f.org)
        #expect(new.id != series.id)
        #expect(try await f.eventCount() == 2)
        let old = try #require(try await f.events.event(id: series.id))
        #expect(keys(old.details) == ["2026-12-02T19:00", "2026-12-09T19:00"])
        #expect(keys(try #require(try await f.events.event(id: new.id)).details) == ["2026-12-16T19:00", "2026-12-23T19:00"])
        // A split at the first date is the whole series edited: no second event.
        let whole = try await f.events.split(series.id, before: nil, following: try accepted(old.details), in: f.org)
        #expect(whole.id == series.id)
        #expect(try await f.eventCount() == 2)
    }
}
