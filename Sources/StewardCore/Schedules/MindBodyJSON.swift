import Foundation
import Translation

/// One page of MindBody Public API v6 `GET /public/v6/class/classes`, in MindBody's own shape
/// (PascalCase): `PaginationResponse` and `Classes[]`.
public struct MindBodyPage: Sendable {
    public var classes: [SourceClass]
    /// `PaginationResponse.TotalResults`, when the answer says.
    public var totalResults: Int?
    public var pageSize: Int?
}

public enum MindBodyJSON {
    /// Reads one page. Throws `ScheduleFormatError` naming what is wrong.
    public static func page(_ data: Data, zone: TimeZone) throws(ScheduleFormatError) -> MindBodyPage {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw ScheduleFormatError(tr("not valid JSON ({reason})", ["reason": error.description]))
        }
        guard case .object = root else { throw ScheduleFormatError(tr("not a MindBody answer (the JSON is not an object)")) }
        guard let items = root["Classes"]?.arrayValue else {
            throw ScheduleFormatError(tr("not a MindBody class list (no \"Classes\" array)"))
        }
        var classes: [SourceClass] = []
        classes.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            classes.append(try sourceClass(item, index: index, zone: zone))
        }
        let pagination = root["PaginationResponse"]
        return MindBodyPage(classes: classes,
                            totalResults: pagination?["TotalResults"]?.int64Value.map { Int($0) },
                            pageSize: pagination?["PageSize"]?.int64Value.map { Int($0) })
    }

    static func sourceClass(_ item: JSONValue, index: Int, zone: TimeZone) throws(ScheduleFormatError) -> SourceClass {
        func text(_ value: JSONValue?) -> String? { MindBodyId.text(value) }
        func int(_ value: JSONValue?) -> Int? { value?.int64Value.map { Int($0) } }
        func when(_ key: String) throws(ScheduleFormatError) -> Date {
            guard let raw = item[key]?.stringValue else {
                throw ScheduleFormatError(tr("class {number} has no {field}", ["number": String(index + 1), "field": key]))
            }
            guard let date = SourceDateTime.parse(raw, zone: zone) else {
                throw ScheduleFormatError(tr("class {number} has an unreadable {field} \"{value}\"",
                                             ["number": String(index + 1), "field": key, "value": raw]))
            }
            return date
        }
        guard let id = text(item["Id"]) else {
            if let given = item["Id"], given != .null {
                throw ScheduleFormatError(tr("class {number} has an unreadable {field} \"{value}\"",
                                             ["number": String(index + 1), "field": "Id", "value": given.canonicalText]))
            }
            throw ScheduleFormatError(tr("class {number} has no Id", ["number": String(index + 1)]))
        }
        let description = item["ClassDescription"]
        let staff = item["Staff"]
        let staffName = staff?["Name"]?.stringValue
            ?? [staff?["FirstName"]?.stringValue, staff?["LastName"]?.stringValue].compactMap { $0 }.joined(separator: " ")
        let startsAt = try when("StartDateTime")
        let endsAt = try when("EndDateTime")
        guard endsAt >= startsAt else {
            throw ScheduleFormatError(tr("class {number} ends before it starts (its EndDateTime comes before its StartDateTime)",
                                         ["number": String(index + 1)]))
        }
        return SourceClass(
            sourceClassId: id,
            classScheduleId: text(item["ClassScheduleId"]),
            name: description?["Name"]?.stringValue ?? "",
            description: description?["Description"]?.stringValue ?? "",
            program: description?["Program"]?["Name"]?.stringValue ?? "",
            sessionType: description?["SessionType"]?["Name"]?.stringValue ?? "",
            startsAt: startsAt,
            endsAt: endsAt,
            trainerId: text(staff?["Id"]),
            trainer: staffName,
            isSubstitute: item["Substitute"]?.boolValue ?? false,
            isCancelled: item["IsCanceled"]?.boolValue ?? false,
            isActive: item["Active"]?.boolValue ?? true,
            locationId: text(item["Location"]?["Id"]),
            location: item["Location"]?["Name"]?.stringValue ?? "",
            roomId: text(item["Resource"]?["Id"]),
            room: item["Resource"]?["Name"]?.stringValue ?? "",
            maxCapacity: int(item["MaxCapacity"]),
            webCapacity: int(item["WebCapacity"]),
            totalBooked: int(item["TotalBooked"]),
            totalWaitlisted: int(item["TotalBookedWaitlist"]),
            isWaitlistAvailable: item["IsWaitlistAvailable"]?.boolValue ?? false)
    }
}
