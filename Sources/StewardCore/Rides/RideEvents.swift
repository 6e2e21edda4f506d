import Foundation
import GRDB

/// An event the Rides page offers: ride sharing on, and not long over.
public struct RideEvent: Hashable, Sendable {
    public var id: UUID
    public var title: String
    /// Its start (an all-day event's first day at midnight in the organization's zone); for a
    /// repeating event, its next date's, whose rides the board shows first.
    public var start: Date?
    /// For a repeating event, that next date (its original local start); nil for one that
    /// happens once.
    public var occurrence: String? = nil
}

extension RidePlanService {
    /// The organization's events with ride sharing on that start from a day ago on, soonest
    /// first, plus any older one that still has offers or requests.
    public func events(in org: Organization, now: Date = Date()) async throws -> [RideEvent] {
        try await database.writer.read { db in
            let withRides = Set(try RecordService.live(.rideOffer, org: org, db).compactMap { $0["event"]?.stringValue }
                + RecordService.live(.rideRequest, org: org, db).compactMap { $0["event"]?.stringValue })
            let events: [RideEvent] = try RecordService.live(.event, org: org, db).compactMap { event in
                guard event["rideSharing"]?.boolValue == true else { return nil }
                var start = RideBoard.time(event["startsAt"])
                    ?? event["startDate"]?.stringValue.flatMap { LocalDate(iso: $0) }.map { $0.startOfDay(in: org.timeZone) }
                let next = (try? EventDetails(syncFields: event.fields))
                    .flatMap { RideOccurrences.next(of: $0, id: event.id, after: now, zone: org.timeZone) }
                if let next { start = next.timing.sortStart(orgZone: org.timeZone) }
                guard (start ?? .distantFuture) >= now.addingTimeInterval(-86_400) || withRides.contains(event.key) else { return nil }
                return RideEvent(id: event.id, title: event["title"]?.stringValue ?? "", start: start, occurrence: next?.occurrence)
            }
            return events.sorted { ($0.start ?? .distantFuture, $0.title, $0.id.uuidString) < ($1.start ?? .distantFuture, $1.title, $1.id.uuidString) }
        }
    }
}

extension RidePlanService {
    /// The dates of a repeating event the Rides page offers: its next date (the one its board
    /// shows first) and up to `count` in all from there; none for an event that happens once.
    public func dates(of event: UUID, in org: Organization, now: Date = Date(), count: Int = 12) async throws -> [EventOccurrence] {
        try await database.writer.read { db in
            guard let record = try RecordType.event.storage.fetch(entity: RecordType.event.entity, id: UUIDColumn.encode(event), db),
                  record.orgId == org.id, !record.deleted, let details = try? EventDetails(syncFields: record.fields),
                  let next = RideOccurrences.next(of: details, id: event, after: now, zone: org.timeZone),
                  let from = next.timing.sortStart(orgZone: org.timeZone) else { return [] }
            // A year is enough for a dozen dates of any rule a series may have (daily at most often).
            let later = Event(id: event, orgId: org.id, details: details)
                .occurrences(from: from, to: from.addingTimeInterval(366 * 86_400), zone: org.timeZone)
            return Array(([next] + later.filter { $0.occurrence != next.occurrence }).prefix(count))
        }
    }
}
