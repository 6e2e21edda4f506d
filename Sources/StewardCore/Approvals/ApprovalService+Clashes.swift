import Foundation

extension ApprovalService {
    /// How far ahead a submitted series is checked against the calendar: a year of its dates.
    public static let clashHorizon: TimeInterval = 366 * 86_400

    /// The organization's occurrences the submitted event would clash with (same place,
    /// overlapping time), soonest first: what an approver should know before saying yes. A
    /// series is checked for a year from its first date; the event the submission already
    /// published (a re-review) is left out, it being the same event.
    public func clashes(of submission: LocalRecord, in org: Organization) async throws -> [EventOccurrence] {
        let zone = org.timeZone
        guard let details = try? EventDetails(syncFields: SubmissionRecord(fields: submission.fields).event),
              EventClashes.placeKey(details.locationName) != nil || !details.repeats.changed.isEmpty,
              let start = details.timing.sortStart(orgZone: zone) else { return [] }
        let submitted = Event(id: submission.id, orgId: org.id, details: details)
            .occurrences(from: start, to: start.addingTimeInterval(Self.clashHorizon), zone: zone)
        guard let last = submitted.compactMap({ $0.span(zone: zone)?.end }).max() else { return [] }
        // Those that start up to a week before may still be running (a retreat, a fair).
        let existing = try await EventService(database: database)
            .occurrences(in: org, from: start.addingTimeInterval(-7 * 86_400), to: last)
            .filter { $0.eventId != submission.id }
        let places = Set(submitted.compactMap { EventClashes.placeKey($0.locationName) })
        let samePlace = existing.filter { EventClashes.placeKey($0.locationName).map(places.contains) ?? false }
        return EventClashes.clashes(of: submitted, with: samePlace, zone: zone)
    }
}
