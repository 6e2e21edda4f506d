import Foundation
import SWXMLHash
import Translation

/// A MindBody SOAP API v5 `GetClasses` answer (`GetClassesResponse/GetClassesResult/Classes/Class`),
/// as saved from the older API. Element names are read without their namespace, and both the
/// v5 spelling (`ID`, `ClassScheduleID`) and v6's (`Id`) are accepted.
public enum MindBodySOAP {
    public static func classes(_ data: Data, zone: TimeZone) throws(ScheduleFormatError) -> [SourceClass] {
        let readable = try XMLParserInput.prepared(data)
        let indexer = XMLHash.config {
            $0.shouldProcessNamespaces = true
            $0.detectParsingErrors = true
        }.parse(readable)
        if case .parsingError(let error) = indexer {
            throw ScheduleFormatError(tr("not valid XML (line {line}, column {column})",
                                         ["line": String(error.line), "column": String(error.column)]))
        }
        guard let root = indexer.element else { throw ScheduleFormatError(tr("not valid XML")) }
        guard let result = first(named: "GetClassesResult", under: root) else {
            throw ScheduleFormatError(tr("not a MindBody GetClasses answer (no GetClassesResult element)"))
        }
        if let status = result.child("Status")?.text, !status.isEmpty, status != "Success" {
            let message = result.child("Message")?.text ?? ""
            throw ScheduleFormatError(tr("MindBody answered {status}: {message}", ["status": status, "message": message]))
        }
        let items = result.child("Classes")?.elements.filter { $0.name == "Class" } ?? []
        var classes: [SourceClass] = []
        classes.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            classes.append(try sourceClass(item, index: index, zone: zone))
        }
        return classes
    }

    private static func sourceClass(_ item: XMLElement, index: Int, zone: TimeZone) throws(ScheduleFormatError) -> SourceClass {
        func when(_ key: String) throws(ScheduleFormatError) -> Date {
            guard let raw = item.value(key) else {
                throw ScheduleFormatError(tr("class {number} has no {field}", ["number": String(index + 1), "field": key]))
            }
            guard let date = SourceDateTime.parse(raw, zone: zone) else {
                throw ScheduleFormatError(tr("class {number} has an unreadable {field} \"{value}\"",
                                             ["number": String(index + 1), "field": key, "value": raw]))
            }
            return date
        }
        guard let id = item.id else {
            throw ScheduleFormatError(tr("class {number} has no ID", ["number": String(index + 1)]))
        }
        let description = item.child("ClassDescription")
        let staff = item.child("Staff")
        let staffName = staff?.value("Name")
            ?? [staff?.value("FirstName"), staff?.value("LastName")].compactMap { $0 }.joined(separator: " ")
        let startsAt = try when("StartDateTime")
        let endsAt = try when("EndDateTime")
        guard endsAt >= startsAt else {
            throw ScheduleFormatError(tr("class {number} ends before it starts (its EndDateTime comes before its StartDateTime)",
                                         ["number": String(index + 1)]))
        }
        return SourceClass(
            sourceClassId: id,
            classScheduleId: item.value("ClassScheduleID") ?? item.value("ClassScheduleId"),
            name: description?.value("Name") ?? "",
            description: description?.value("Description") ?? "",
            program: description?.child("Program")?.value("Name") ?? "",
            sessionType: description?.child("SessionType")?.value("Name") ?? "",
            startsAt: startsAt,
            endsAt: endsAt,
            trainerId: staff?.id,
            trainer: staffName,
            isSubstitute: item.bool("Substitute") ?? false,
            isCancelled: item.bool("IsCanceled") ?? false,
            isActive: item.bool("Active") ?? true,
            locationId: item.child("Location")?.id,
            location: item.child("Location")?.value("Name") ?? "",
            roomId: item.child("Resource")?.id,
            room: item.child("Resource")?.value("Name") ?? "",
            maxCapacity: item.int("MaxCapacity"),
            webCapacity: item.int("WebCapacity"),
            totalBooked: item.int("TotalBooked"),
            totalWaitlisted: item.int("TotalBookedWaitlist"),
            isWaitlistAvailable: item.bool("IsWaitlistAvailable") ?? false)
    }

    private static func first(named name: String, under element: XMLElement) -> XMLElement? {
        for child in element.elements {
            if child.name == name { return child }
            if let found = first(named: name, under: child) { return found }
        }
        return nil
    }
}

private extension XMLElement {
    var elements: [XMLElement] { children.compactMap { $0 as? XMLElement } }

    func child(_ name: String) -> XMLElement? { elements.first { $0.name == name } }

    /// The child's text, trimmed; nil when absent, empty, or `xsi:nil`.
    func value(_ name: String) -> String? {
        guard let child = child(name) else { return nil }
        let text = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    var id: String? { value("ID") ?? value("Id") }

    func int(_ name: String) -> Int? { value(name).flatMap { Int($0) } }

    func bool(_ name: String) -> Bool? {
        switch value(name)?.lowercased() {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }
}
