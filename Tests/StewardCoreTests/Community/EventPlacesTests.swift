import Foundation
import Testing
@testable import StewardCore

/// The events a map shows beside the pins: those with a place and an occurrence in the range,
/// soonest first with how many more dates they have there, then every ongoing one with a place.
@Suite("Events on the map")
struct EventPlacesTests {
    static func placed(_ form: EventForm, _ latitude: String, _ longitude: String) -> EventForm {
        var form = form
        form.latitude = latitude
        form.longitude = longitude
        return form
    }

    @Test("in the range with a place, soonest first; ongoing ones last; none without a place or out of range")
    func placesInRange() async throws {
        let f = try await Fixture()
        let zone = f.org.timeZone
        _ = try await f.events.create(Self.placed(.timed("Food Fair", starts: "2026-12-08T10:00", ends: "2026-12-08T14:00"),
                                                  "41.95", "-87.66"), in: f.org)
        _ = try await f.events.create(Self.placed(.timed("Coat Drive", starts: "2026-12-07T09:00", ends: "2026-12-07T10:00"),
                                                  "41.94", "-87.65"), in: f.org)
        _ = try await f.events.create(.timed("Choir Practice", starts: "2026-12-07T19:00", ends: "2026-12-07T20:00"), in: f.org)
        _ = try await f.events.create(Self.placed(.timed("Next Month", starts: "2027-01-20T10:00", ends: "2027-01-20T11:00"),
                                                  "41.93", "-87.64"), in: f.org)
        var walk = Self.placed(EventForm(), "41.96", "-87.67")
        walk.title = "Mural Walk"
        walk.timingKind = .untimed
        _ = try await f.events.create(walk, in: f.org)
        var weekly = Self.placed(.timed("Running Club", starts: "2026-12-07T07:00", ends: "2026-12-07T08:00"), "41.97", "-87.68")
        weekly.repeatRule = "FREQ=DAILY;COUNT=5"
        _ = try await f.events.create(weekly, in: f.org)

        let now = try #require(DateTimeText.parseUTC("2026-12-09T15:00"))
        let week = try #require(EventMapRange.thisWeek.interval(now: now, zone: zone))
        let places = try await f.events.places(in: f.org, from: week.from, to: week.to)
        #expect(places.map(\.title) == ["Running Club", "Coat Drive", "Food Fair", "Mural Walk"])
        #expect(places.first?.more == 4)
        #expect(places.last?.next == nil)
        #expect(places.first { $0.title == "Food Fair" }?.latitude == 41.95)
        #expect(EventMapRange.none.interval(now: Date(), zone: zone) == nil)
    }
}
