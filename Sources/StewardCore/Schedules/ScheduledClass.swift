import Foundation
import GRDB

/// One class in the mirror: what the source says, plus what the mirror and the gym add.
/// A refresh rewrites `source` and `isRemoved`; it never writes `localNote` or `isFeatured`.
public struct ScheduledClass: Hashable, Sendable, Identifiable {
    /// Derived from the source and the source's class id (`ClassIdentity`), so the same class
    /// keeps its id across refreshes, consoles and formats.
    public var id: UUID
    public var orgId: UUID
    public var sourceId: UUID
    public var source: SourceClass
    /// The source no longer lists it: kept and shown, never silently deleted.
    public var isRemoved: Bool
    public var firstSeenAt: Date
    /// When a refresh last changed what the source says about it.
    public var changedAt: Date
    /// The gym's own note, never sent back to the booking service.
    public var localNote: String
    /// Shown in the gym's app as a featured class.
    public var isFeatured: Bool

    public init(id: UUID, orgId: UUID, sourceId: UUID, source: SourceClass, isRemoved: Bool = false,
                firstSeenAt: Date, changedAt: Date, localNote: String = "", isFeatured: Bool = false) {
        self.id = id
        self.orgId = orgId
        self.sourceId = sourceId
        self.source = source
        self.isRemoved = isRemoved
        self.firstSeenAt = firstSeenAt
        self.changedAt = changedAt
        self.localNote = localNote
        self.isFeatured = isFeatured
    }
}

extension ScheduledClass: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "scheduledClass"

    /// The columns a refresh owns, in the order `sourceValues` gives them.
    static let sourceColumns = [
        "sourceClassId", "classScheduleId", "name", "description", "program", "sessionType",
        "startsAt", "endsAt", "trainerId", "trainer", "isSubstitute", "isCancelled", "isActive",
        "locationId", "location", "roomId", "room", "maxCapacity", "webCapacity", "totalBooked",
        "totalWaitlisted", "isWaitlistAvailable",
    ]

    static func sourceValues(_ c: SourceClass) -> [(any DatabaseValueConvertible)?] {
        [c.sourceClassId, c.classScheduleId, c.name, c.description, c.program, c.sessionType,
         c.startsAt, c.endsAt, c.trainerId, c.trainer, c.isSubstitute, c.isCancelled, c.isActive,
         c.locationId, c.location, c.roomId, c.room, c.maxCapacity, c.webCapacity, c.totalBooked,
         c.totalWaitlisted, c.isWaitlistAvailable]
    }

    static func decodeSource(_ row: Row) -> SourceClass {
        SourceClass(
            sourceClassId: row["sourceClassId"], classScheduleId: row["classScheduleId"],
            name: row["name"], description: row["description"], program: row["program"],
            sessionType: row["sessionType"], startsAt: row["startsAt"], endsAt: row["endsAt"],
            trainerId: row["trainerId"], trainer: row["trainer"], isSubstitute: row["isSubstitute"],
            isCancelled: row["isCancelled"], isActive: row["isActive"], locationId: row["locationId"],
            location: row["location"], roomId: row["roomId"], room: row["room"],
            maxCapacity: row["maxCapacity"], webCapacity: row["webCapacity"],
            totalBooked: row["totalBooked"], totalWaitlisted: row["totalWaitlisted"],
            isWaitlistAvailable: row["isWaitlistAvailable"])
    }

    public init(row: Row) throws {
        id = try UUIDColumn.decode(row["id"])
        orgId = try UUIDColumn.decode(row["orgId"])
        sourceId = try UUIDColumn.decode(row["sourceId"])
        source = Self.decodeSource(row)
        isRemoved = row["isRemoved"]
        firstSeenAt = row["firstSeenAt"]
        changedAt = row["changedAt"]
        localNote = row["localNote"]
        isFeatured = row["isFeatured"]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = UUIDColumn.encode(id)
        container["orgId"] = UUIDColumn.encode(orgId)
        container["sourceId"] = UUIDColumn.encode(sourceId)
        for (column, value) in zip(Self.sourceColumns, Self.sourceValues(source)) {
            container[column] = value?.databaseValue ?? .null
        }
        container["isRemoved"] = isRemoved
        container["firstSeenAt"] = firstSeenAt
        container["changedAt"] = changedAt
        container["localNote"] = localNote
        container["isFeatured"] = isFeatured
    }
}
