import Foundation
import GRDB

/// One staff appointment in the mirror: what MindBody says, plus whether it still lists it.
/// Kept in this console only: appointments name a client (by id) and never reach the apps.
public struct StaffAppointment: Hashable, Sendable, Identifiable {
    /// Derived from the source and MindBody's id (`AppointmentIdentity`).
    public var id: UUID
    public var orgId: UUID
    public var sourceId: UUID
    public var source: SourceAppointment
    /// The source no longer lists it: kept and shown, never silently deleted.
    public var isRemoved: Bool
    public var firstSeenAt: Date
    public var changedAt: Date

    public init(id: UUID, orgId: UUID, sourceId: UUID, source: SourceAppointment, isRemoved: Bool = false,
                firstSeenAt: Date, changedAt: Date) {
        self.id = id
        self.orgId = orgId
        self.sourceId = sourceId
        self.source = source
        self.isRemoved = isRemoved
        self.firstSeenAt = firstSeenAt
        self.changedAt = changedAt
    }
}

extension StaffAppointment: FetchableRecord {
    public static let databaseTableName = "staffAppointment"

    /// The columns a refresh owns, in the order `sourceValues` gives them.
    static let sourceColumns = [
        "sourceAppointmentId", "startsAt", "endsAt", "durationMinutes", "status", "staffId", "staff", "clientId",
        "sessionTypeId", "sessionType", "locationId", "notes", "isStaffRequested", "isFirstAppointment", "programId",
    ]

    static func sourceValues(_ a: SourceAppointment) -> [(any DatabaseValueConvertible)?] {
        [a.sourceAppointmentId, a.startsAt, a.endsAt, a.durationMinutes, a.status, a.staffId, a.staff, a.clientId,
         a.sessionTypeId, a.sessionType, a.locationId, a.notes, a.isStaffRequested, a.isFirstAppointment, a.programId]
    }

    static func decodeSource(_ row: Row) -> SourceAppointment {
        SourceAppointment(
            sourceAppointmentId: row["sourceAppointmentId"], startsAt: row["startsAt"], endsAt: row["endsAt"],
            durationMinutes: row["durationMinutes"], status: row["status"], staffId: row["staffId"], staff: row["staff"],
            clientId: row["clientId"], sessionTypeId: row["sessionTypeId"], sessionType: row["sessionType"],
            locationId: row["locationId"], notes: row["notes"], isStaffRequested: row["isStaffRequested"],
            isFirstAppointment: row["isFirstAppointment"], programId: row["programId"])
    }

    public init(row: Row) throws {
        id = try UUIDColumn.decode(row["id"])
        orgId = try UUIDColumn.decode(row["orgId"])
        sourceId = try UUIDColumn.decode(row["sourceId"])
        source = Self.decodeSource(row)
        isRemoved = row["isRemoved"]
        firstSeenAt = row["firstSeenAt"]
        changedAt = row["changedAt"]
    }

    /// Every field, under one name each: what `stewardctl schedule appointments --json` prints.
    public func json(zone: TimeZone) -> JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
        let a = source
        return .object([
            "id": .string(UUIDColumn.encode(id)),
            "sourceId": .string(UUIDColumn.encode(sourceId)),
            "sourceAppointmentId": .string(a.sourceAppointmentId),
            "startsAt": .string(DateTimeText.iso(a.startsAt, zone: zone)),
            "endsAt": .string(DateTimeText.iso(a.endsAt, zone: zone)),
            "durationMinutes": a.durationMinutes.map { .int(Int64($0)) } ?? .null,
            "status": .string(a.status),
            "staffId": optional(a.staffId),
            "trainer": .string(a.staff),
            "clientId": optional(a.clientId),
            "sessionTypeId": optional(a.sessionTypeId),
            "sessionType": .string(a.sessionType),
            "locationId": optional(a.locationId),
            "notes": .string(a.notes),
            "staffRequested": .bool(a.isStaffRequested),
            "firstAppointment": .bool(a.isFirstAppointment),
            "programId": optional(a.programId),
            "removed": .bool(isRemoved),
            "firstSeenAt": .string(DateTimeText.iso(firstSeenAt, zone: zone)),
            "changedAt": .string(DateTimeText.iso(changedAt, zone: zone)),
        ])
    }
}
