import Foundation
import Translation

/// MindBody Public API v6's staff appointments, staff and session types, in MindBody's own
/// shape (PascalCase): `Appointments[]`, `StaffMembers[]`, `SessionTypes[]`.
enum MindBodyAppointmentJSON {
    /// Reads one appointment. Staff and session type names are filled in later
    /// (`MindBodyClient.appointments`): the appointment itself gives only their ids.
    static func appointment(_ item: JSONValue, index: Int, zone: TimeZone) throws(ScheduleFormatError) -> SourceAppointment {
        func when(_ key: String) throws(ScheduleFormatError) -> Date {
            guard let raw = item[key]?.stringValue else {
                throw ScheduleFormatError(tr("appointment {number} has no {field}", ["number": String(index + 1), "field": key]))
            }
            guard let date = SourceDateTime.parse(raw, zone: zone) else {
                throw ScheduleFormatError(tr("appointment {number} has an unreadable {field} \"{value}\"",
                                             ["number": String(index + 1), "field": key, "value": raw]))
            }
            return date
        }
        guard let id = text(item["Id"]) else {
            if let given = item["Id"], given != .null {
                throw ScheduleFormatError(tr("appointment {number} has an unreadable {field} \"{value}\"",
                                             ["number": String(index + 1), "field": "Id", "value": given.canonicalText]))
            }
            throw ScheduleFormatError(tr("appointment {number} has no Id", ["number": String(index + 1)]))
        }
        let startsAt = try when("StartDateTime")
        let endsAt = try when("EndDateTime")
        guard endsAt >= startsAt else {
            throw ScheduleFormatError(tr("appointment {number} ends before it starts (its EndDateTime comes before its StartDateTime)",
                                         ["number": String(index + 1)]))
        }
        return SourceAppointment(
            sourceAppointmentId: id,
            startsAt: startsAt,
            endsAt: endsAt,
            durationMinutes: item["Duration"]?.int64Value.map { Int($0) },
            status: item["Status"]?.stringValue ?? "Booked",
            staffId: text(item["StaffId"]),
            clientId: text(item["ClientId"]),
            sessionTypeId: text(item["SessionTypeId"]),
            locationId: text(item["LocationId"]),
            notes: item["Notes"]?.stringValue ?? "",
            isStaffRequested: item["StaffRequested"]?.boolValue ?? false,
            isFirstAppointment: item["FirstAppointment"]?.boolValue ?? false,
            programId: text(item["ProgramId"]))
    }

    /// `Id` → name of each `StaffMembers[]` entry (`Name`, else `FirstName LastName`).
    static func staffNames(_ items: [JSONValue]) -> [String: String] {
        var names: [String: String] = [:]
        for item in items {
            guard let id = text(item["Id"]) else { continue }
            let name = item["Name"]?.stringValue
                ?? [item["FirstName"]?.stringValue, item["LastName"]?.stringValue].compactMap { $0 }.joined(separator: " ")
            if !name.isEmpty { names[id] = name }
        }
        return names
    }

    /// `Id` → `Name` of each `SessionTypes[]` entry.
    static func sessionTypeNames(_ items: [JSONValue]) -> [String: String] {
        var names: [String: String] = [:]
        for item in items {
            if let id = text(item["Id"]), let name = item["Name"]?.stringValue { names[id] = name }
        }
        return names
    }

    /// MindBody's ids come as numbers or strings.
    static func text(_ value: JSONValue?) -> String? { MindBodyId.text(value) }
}
