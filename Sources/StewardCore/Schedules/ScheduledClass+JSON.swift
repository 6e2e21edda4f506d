import Foundation

extension ScheduledClass {
    /// Every field, under one name each: what `stewardctl schedule list --json` prints and what
    /// the app reads. Times in the gym's zone with their offset.
    public func json(zone: TimeZone) -> JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
        func optional(_ number: Int?) -> JSONValue { number.map { .int(Int64($0)) } ?? .null }
        let c = source
        return .object([
            "id": .string(UUIDColumn.encode(id)),
            "sourceId": .string(UUIDColumn.encode(sourceId)),
            "sourceClassId": .string(c.sourceClassId),
            "classScheduleId": optional(c.classScheduleId),
            "name": .string(c.name),
            "description": .string(c.description),
            "program": .string(c.program),
            "sessionType": .string(c.sessionType),
            "startsAt": .string(DateTimeText.iso(c.startsAt, zone: zone)),
            "endsAt": .string(DateTimeText.iso(c.endsAt, zone: zone)),
            "trainerId": optional(c.trainerId),
            "trainer": .string(c.trainer),
            "substitute": .bool(c.isSubstitute),
            "cancelled": .bool(c.isCancelled),
            "active": .bool(c.isActive),
            "locationId": optional(c.locationId),
            "location": .string(c.location),
            "roomId": optional(c.roomId),
            "room": .string(c.room),
            "maxCapacity": optional(c.maxCapacity),
            "webCapacity": optional(c.webCapacity),
            "totalBooked": optional(c.totalBooked),
            "totalWaitlisted": optional(c.totalWaitlisted),
            "waitlistAvailable": .bool(c.isWaitlistAvailable),
            "removed": .bool(isRemoved),
            "localNote": .string(localNote),
            "featured": .bool(isFeatured),
            "firstSeenAt": .string(DateTimeText.iso(firstSeenAt, zone: zone)),
            "changedAt": .string(DateTimeText.iso(changedAt, zone: zone)),
        ])
    }
}

extension RefreshCounts {
    /// `{"new", "updated", "cancelled", "substitutes", "removed", "appointments"}`.
    public var json: JSONValue {
        .object(["new": .int(Int64(new)), "updated": .int(Int64(updated)), "cancelled": .int(Int64(cancelled)),
                 "substitutes": .int(Int64(substitutes)), "removed": .int(Int64(removed)),
                 "appointments": .int(Int64(appointments))])
    }
}
