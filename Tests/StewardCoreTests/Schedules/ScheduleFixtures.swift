import Foundation
import StewardTestSupport
@testable import StewardCore

#if canImport(Glibc)
import Glibc
#endif

/// One small timetable, written in each format a source can give: MindBody v6 JSON (pages or
/// the raw class array the fake server serves), a SOAP v5 GetClasses answer, and iCalendar.
/// Times are site-local (America/Denver), as MindBody gives them.
enum ScheduleFixture {
    static let zone = TimeZone(identifier: "America/Denver")!
    static let org = Organization(slug: "ironworks-gym", name: "Ironworks Gym", timeZoneIdentifier: "America/Denver", kind: .gym)

    struct Item {
        var id: Int
        var schedule: Int
        var name: String
        var description: String
        var program: String
        var start: String  // site-local, "2027-01-04T06:00:00"
        var minutes: Int
        var staffId: Int
        var first: String
        var last: String
        var substitute = false
        var cancelled = false
        var roomId: Int
        var room: String
        var capacity: Int
        var booked: Int
        var waitlisted = 0
    }

    static let items: [Item] = [
        Item(id: 7001, schedule: 31, name: "Morning Strength", description: "Barbells & kettlebells; bring <water>",
             program: "Strength", start: "2027-01-04T06:00:00", minutes: 60, staffId: 101, first: "Alex", last: "Rivera",
             roomId: 1, room: "Studio A", capacity: 20, booked: 18),
        Item(id: 7002, schedule: 32, name: "Vinyasa Flow", description: "All levels, mats provided.", program: "Yoga",
             start: "2027-01-04T09:30:00", minutes: 75, staffId: 102, first: "Sam", last: "Okafor", substitute: true,
             roomId: 2, room: "Studio B", capacity: 25, booked: 12),
        Item(id: 7003, schedule: 33, name: "Spin 45", description: "Clip-in shoes, please.", program: "Cycling",
             start: "2027-01-04T17:30:00", minutes: 45, staffId: 103, first: "Jordan", last: "Lee", cancelled: true,
             roomId: 3, room: "Cycle Room", capacity: 16, booked: 0),
        Item(id: 7004, schedule: 34, name: "HIIT Express", description: "Thirty minutes, no rest.", program: "HIIT",
             start: "2027-01-05T12:00:00", minutes: 30, staffId: 104, first: "Priya", last: "Natarajan",
             roomId: 1, room: "Studio A", capacity: 20, booked: 20, waitlisted: 4),
        Item(id: 7005, schedule: 35, name: "Reformer Pilates", description: "Small group.", program: "Pilates",
             start: "2027-01-05T18:00:00", minutes: 50, staffId: 105, first: "Chris", last: "Bauer",
             roomId: 2, room: "Studio B", capacity: 8, booked: 7),
        Item(id: 7006, schedule: 31, name: "Morning Strength", description: "Barbells & kettlebells; bring <water>",
             program: "Strength", start: "2027-01-06T06:00:00", minutes: 60, staffId: 101, first: "Alex", last: "Rivera",
             roomId: 1, room: "Studio A", capacity: 20, booked: 9),
        Item(id: 7007, schedule: 36, name: "Sunrise Yoga", description: "Gentle.", program: "Yoga",
             start: "2027-01-06T07:00:00", minutes: 60, staffId: 104, first: "Priya", last: "Natarajan", substitute: true,
             roomId: 2, room: "Studio B", capacity: 25, booked: 3),
    ]

    /// A window around the fixture's days.
    static let window = DateInterval(start: date("2027-01-01T00:00:00"), end: date("2027-02-01T00:00:00"))

    static func date(_ local: String) -> Date { SourceDateTime.parse(local, zone: zone)! }

    static func end(_ item: Item) -> String {
        SourceDateTime.format(date(item.start).addingTimeInterval(TimeInterval(item.minutes * 60)), zone: zone)
    }

    // MARK: MindBody v6 JSON

    static func mindBodyClass(_ item: Item) -> JSONValue {
        .object([
            "Id": .int(Int64(item.id)), "ClassScheduleId": .int(Int64(item.schedule)),
            "StartDateTime": .string(item.start), "EndDateTime": .string(end(item)),
            "ClassDescription": .object([
                "Id": .int(Int64(item.schedule)), "Name": .string(item.name), "Description": .string(item.description),
                "Program": .object(["Id": .int(1), "Name": .string(item.program)]),
                "SessionType": .object(["Id": .int(2), "Name": .string("Group Class")]),
            ]),
            "Staff": .object(["Id": .int(Int64(item.staffId)), "Name": .string("\(item.first) \(item.last)"),
                              "FirstName": .string(item.first), "LastName": .string(item.last)]),
            "Substitute": .bool(item.substitute), "IsCanceled": .bool(item.cancelled), "Active": .bool(true),
            "Location": .object(["Id": .int(1), "Name": .string("Ironworks Downtown")]),
            "Resource": .object(["Id": .int(Int64(item.roomId)), "Name": .string(item.room)]),
            "MaxCapacity": .int(Int64(item.capacity)), "WebCapacity": .int(Int64(item.capacity - 2)),
            "TotalBooked": .int(Int64(item.booked)), "TotalBookedWaitlist": .int(Int64(item.waitlisted)),
            "IsWaitlistAvailable": .bool(item.waitlisted > 0),
        ])
    }

    static func classArray(_ items: [Item] = items) -> Data {
        Data(JSONValue.array(items.map(mindBodyClass)).canonicalBytes)
    }

    static func v6Answer(_ items: [Item] = items) -> Data {
        Data(JSONValue.object([
            "PaginationResponse": .object(["RequestedLimit": .int(100), "RequestedOffset": .int(0),
                                           "PageSize": .int(Int64(items.count)), "TotalResults": .int(Int64(items.count))]),
            "Classes": .array(items.map(mindBodyClass)),
        ]).canonicalBytes)
    }

    // MARK: SOAP v5

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    static func soapAnswer(_ items: [Item] = items) -> Data {
        let classes = items.map { item in
            """
                    <Class>
                      <ClassScheduleID>\(item.schedule)</ClassScheduleID>
                      <Location><SiteID>-99</SiteID><ID>1</ID><Name>Ironworks Downtown</Name></Location>
                      <Resource><ID>\(item.roomId)</ID><Name>\(item.room)</Name></Resource>
                      <MaxCapacity>\(item.capacity)</MaxCapacity>
                      <WebCapacity>\(item.capacity - 2)</WebCapacity>
                      <TotalBooked>\(item.booked)</TotalBooked>
                      <TotalBookedWaitlist>\(item.waitlisted)</TotalBookedWaitlist>
                      <IsWaitlistAvailable>\(item.waitlisted > 0)</IsWaitlistAvailable>
                      <IsCanceled>\(item.cancelled)</IsCanceled>
                      <Substitute>\(item.substitute)</Substitute>
                      <Active>true</Active>
                      <ClassDescription>
                        <ID>\(item.schedule)</ID>
                        <Name>\(xmlEscaped(item.name))</Name>
                        <Description>\(xmlEscaped(item.description))</Description>
                        <Program><ID>1</ID><Name>\(item.program)</Name></Program>
                        <SessionType><ID>2</ID><Name>Group Class</Name></SessionType>
                      </ClassDescription>
                      <Staff><ID>\(item.staffId)</ID><Name>\(item.first) \(item.last)</Name><FirstName>\(item.first)</FirstName><LastName>\(item.last)</LastName></Staff>
                      <ID>\(item.id)</ID>
                      <StartDateTime>\(item.start)</StartDateTime>
                      <EndDateTime>\(end(item))</EndDateTime>
                    </Class>
            """
        }.joined(separator: "\n")
        return Data("""
            <?xml version="1.0" encoding="utf-8"?>
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <soap:Body>
                <GetClassesResponse xmlns="http://clients.mindbodyonline.com/api/0_5_1">
                  <GetClassesResult>
                    <Status>Success</Status>
                    <ErrorCode>200</ErrorCode>
                    <XMLDetail>Full</XMLDetail>
                    <ResultCount>\(items.count)</ResultCount>
                    <CurrentPageIndex>0</CurrentPageIndex>
                    <TotalPageCount>1</TotalPageCount>
                    <Classes>
            \(classes)
                    </Classes>
                  </GetClassesResult>
                </GetClassesResponse>
              </soap:Body>
            </soap:Envelope>
            """.utf8)
    }

    // MARK: iCalendar

    static func icsEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
    }

    static func icsTime(_ local: String) -> String {
        local.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    }

    static func calendar(_ items: [Item] = items) -> Data {
        let events = items.map { item in
            var lines = [
                "BEGIN:VEVENT",
                "UID:\(item.id)",
                "DTSTAMP:20261201T000000Z",
                "DTSTART;TZID=America/Denver:\(icsTime(item.start))",
                "DTEND;TZID=America/Denver:\(icsTime(end(item)))",
                "SUMMARY:\(icsEscaped(item.name))",
                "DESCRIPTION:\(icsEscaped(item.description))",
                "CATEGORIES:\(item.program)",
                "LOCATION:\(item.room)",
                "ORGANIZER;CN=\(item.first) \(item.last):mailto:trainer\(item.staffId)@ironworks.example",
                "X-CLASS-SCHEDULE-ID:\(item.schedule)",
                "X-SESSION-TYPE:Group Class",
                "X-TRAINER-ID:\(item.staffId)",
                "X-LOCATION-ID:1",
                "X-LOCATION:Ironworks Downtown",
                "X-ROOM-ID:\(item.roomId)",
                "X-MAX-CAPACITY:\(item.capacity)",
                "X-WEB-CAPACITY:\(item.capacity - 2)",
                "X-TOTAL-BOOKED:\(item.booked)",
                "X-TOTAL-WAITLISTED:\(item.waitlisted)",
                "X-WAITLIST-AVAILABLE:\(item.waitlisted > 0 ? "TRUE" : "FALSE")",
            ]
            if item.substitute { lines.append("X-SUBSTITUTE:TRUE") }
            if item.cancelled { lines.append("STATUS:CANCELLED") }
            lines.append("END:VEVENT")
            return lines.joined(separator: "\r\n")
        }.joined(separator: "\r\n")
        return Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Ironworks//Timetable//EN\r\n\(events)\r\nEND:VCALENDAR\r\n".utf8)
    }

    static func write(_ data: Data, named name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }
}

/// Tests/schedules/fake_mindbody.py in a subprocess on the loopback.
final class FakeMindBody: Sendable {
    private let server: PythonServer
    let classesFile: String
    let appointmentsFile: String
    var url: String { server.url }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("schedules/fake_mindbody.py").path
    }

    /// `appointments`: staff appointments in MindBody's shape (none by default).
    init(items: [ScheduleFixture.Item] = ScheduleFixture.items, appointments: [JSONValue] = [], apiKey: String = "test-key") throws {
        classesFile = try ScheduleFixture.write(ScheduleFixture.classArray(items), named: "classes.json")
        appointmentsFile = try ScheduleFixture.write(Data(JSONValue.array(appointments).canonicalBytes), named: "appointments.json")
        server = try PythonServer(arguments: [Self.script, "--classes", classesFile, "--appointments", appointmentsFile,
                                              "--api-key", apiKey])
    }

    /// Serves `items` from the next request on.
    func serve(_ items: [ScheduleFixture.Item]) throws {
        try ScheduleFixture.classArray(items).write(to: URL(fileURLWithPath: classesFile))
    }

    /// Serves `appointments` from the next request on.
    func serveAppointments(_ appointments: [JSONValue]) throws {
        try Data(JSONValue.array(appointments).canonicalBytes).write(to: URL(fileURLWithPath: appointmentsFile))
    }

    /// Every request, each with its "path", oldest first.
    func allRequests() async throws -> [JSONValue] {
        let response = try await HTTPClient().send(HTTPClientRequest(url: url + "/_requests/all"))
        return try JSONValue.parse(response.body).arrayValue ?? []
    }

    /// What the server was asked of the classes, oldest first.
    func requests() async throws -> [JSONValue] {
        let response = try await HTTPClient().send(HTTPClientRequest(url: url + "/_requests"))
        return try JSONValue.parse(response.body).arrayValue ?? []
    }
}
