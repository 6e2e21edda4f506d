import Foundation
import GRDB
import Testing
@testable import StewardCore

/// Staff appointments through the fake MindBody v6: paged, named, mirrored beside the classes,
/// counted; a site without them is not an error; a 500 on their page 2 fails the whole refresh.
@Suite(.serialized) struct AppointmentRefreshTests {
    let org = ScheduleFixture.org
    let window = ScheduleFixture.window
    let database: AppDatabase
    let credentials = MemoryCredentialStore()

    init() throws {
        database = try AppDatabase.inMemory()
        try database.writer.write { db in try ScheduleFixture.org.insert(db) }
    }

    /// Two items a page, so three appointments take two pages.
    private func service() -> ScheduleService {
        ScheduleService(database: database, credentials: credentials,
                        http: HTTPClient(options: HTTPClientOptions(connectTimeout: 5, totalTimeout: 20)), mindBodyPageSize: 2)
    }

    /// MindBody's shape: site-local times, ids as numbers.
    static func appointment(_ id: Int, start: String, staff: Int, status: String = "Booked", client: String = "100017",
                            sessionType: Int = 7) -> JSONValue {
        let end = SourceDateTime.format(ScheduleFixture.date(start).addingTimeInterval(3600), zone: ScheduleFixture.zone)
        return .object([
            "Id": .int(Int64(id)), "StartDateTime": .string(start), "EndDateTime": .string(end), "Duration": .int(60),
            "Status": .string(status), "StaffId": .int(Int64(staff)), "ClientId": .string(client),
            "SessionTypeId": .int(Int64(sessionType)), "LocationId": .int(1), "Notes": .string("Knee rehab"),
            "StaffRequested": .bool(true), "FirstAppointment": .bool(false), "ProgramId": .int(20),
        ])
    }

    static let appointments: [JSONValue] = [
        appointment(9001, start: "2027-01-04T08:00:00", staff: 101),
        appointment(9002, start: "2027-01-05T10:00:00", staff: 104, status: "Cancelled"),
        appointment(9003, start: "2027-01-06T15:00:00", staff: 106, status: "NoShow", sessionType: 8),
    ]

    private func mirrored() async throws -> [StaffAppointment] {
        try await database.writer.read { db in
            try StaffAppointment.fetchAll(db, sql: "SELECT * FROM staffAppointment ORDER BY sourceAppointmentId")
        }
    }

    private func classCount() async throws -> Int {
        try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scheduledClass") ?? 0 }
    }

    @Test func appointmentsArePagedNamedAndMirroredBesideTheClasses() async throws {
        let server = try FakeMindBody(appointments: Self.appointments)
        let service = service()
        let source = try await service.addMindBody(baseURL: server.url, siteId: "-99", apiKey: "test-key", in: org)
        let results = try await service.refresh(source.id, in: org, window: window)
        #expect(results.first?.counts == RefreshCounts(new: 7, cancelled: 1, substitutes: 2, appointments: 3))
        #expect(results.first?.appointmentsUnavailable == false)

        let asked = try await server.allRequests().filter { $0["path"]?.stringValue == "/public/v6/appointment/staffappointments" }
        #expect(asked.map { $0["query"]?["Offset"]?.stringValue } == ["0", "2"])
        #expect(asked.allSatisfy { $0["apiKey"]?.stringValue == "test-key" && $0["siteId"]?.stringValue == "-99" })
        #expect(asked.first?["query"]?["StartDate"]?.stringValue == "2027-01-01T00:00:00")
        #expect(asked.first?["query"]?["EndDate"]?.stringValue == "2027-02-01T00:00:00")

        let held = try await mirrored()
        #expect(held.map(\.source.sourceAppointmentId) == ["9001", "9002", "9003"])
        // 101 and 104 teach classes; 106 only appears in MindBody's staff list.
        #expect(held.map(\.source.staff) == ["Alex Rivera", "Priya Natarajan", "Dana Whitfield"])
        #expect(held.map(\.source.sessionType) == ["Personal Training 60", "Personal Training 60", "Intro Session"])
        #expect(held.map { $0.source.kind } == [.booked, .cancelled, .noShow])
        #expect(held[0].source.clientId == "100017" && held[0].source.isStaffRequested && held[0].source.durationMinutes == 60)
        #expect(held[0].source.startsAt == ScheduleFixture.date("2027-01-04T08:00:00"))
        #expect(held[0].id == AppointmentIdentity.id(sourceId: source.id, sourceAppointmentId: "9001"))
        // The staff list was read (for 106, whom no class names), whole: its three pages of two.
        let staffPages = try await server.allRequests().filter { $0["path"]?.stringValue == "/public/v6/staff/staff" }
        #expect(staffPages.map { $0["query"]?["Offset"]?.stringValue } == ["0", "2", "4"])

        // Appointments are the console's own: none reaches the outbox.
        let outboxed = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE entity NOT IN ('gymClass')") ?? 0
        }
        #expect(outboxed == 0)

        // Again with nothing changed: nothing counted. Then one cancelled, one gone.
        #expect(try await service.refresh(source.id, in: org, window: window).first?.counts == RefreshCounts())
        try server.serveAppointments([Self.appointment(9001, start: "2027-01-04T08:00:00", staff: 101, status: "Cancelled"),
                                      Self.appointments[1]])
        let counts = try await service.refresh(source.id, in: org, window: window).first?.counts
        #expect(counts == RefreshCounts(appointments: 2))
        let after = try await mirrored()
        #expect(after.map(\.source.status) == ["Cancelled", "Cancelled", "NoShow"])
        #expect(after.map(\.isRemoved) == [false, false, true])
    }

    @Test func aSiteWithoutAppointmentsIsNotAnError() async throws {
        let server = try FakeMindBody(appointments: Self.appointments)
        let service = service()
        let source = try await service.addMindBody(baseURL: server.url, siteId: "no-appointments", apiKey: "test-key", in: org)
        let results = try await service.refresh(source.id, in: org, window: window)
        #expect(results.first?.appointmentsUnavailable == true)
        #expect(results.first?.counts == RefreshCounts(new: 7, cancelled: 1, substitutes: 2))
        #expect(try await classCount() == 7)
        #expect(try await mirrored().isEmpty)
    }

    @Test func aServerErrorOnAppointmentsPageTwoChangesNothing() async throws {
        let server = try FakeMindBody(appointments: Self.appointments)
        let service = service()
        // A mirror held from a site that worked, then the same site failing on appointments.
        let good = try await service.addMindBody(baseURL: server.url, siteId: "-99", apiKey: "test-key", in: org)
        _ = try await service.refresh(good.id, in: org, window: window)
        let before = try await mirrored()
        let sourceBefore = try await service.source(good.id, in: org)
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE scheduleSource SET siteId = 'fail-appointments-page-2' WHERE id = ?",
                           arguments: [UUIDColumn.encode(good.id)])
        }
        var changed = ScheduleFixture.items
        changed[0].cancelled = true
        try server.serve(changed)
        try server.serveAppointments([Self.appointment(9001, start: "2027-01-04T09:00:00", staff: 101), Self.appointments[1],
                                      Self.appointment(9004, start: "2027-01-07T09:00:00", staff: 102)])
        do {
            _ = try await service.refresh(good.id, in: org, window: window)
            Issue.record("a 500 on the appointments' page 2 was not reported")
        } catch let error as ScheduleRefreshError {
            #expect(error.kind == .serverError)
            #expect(error.message.contains("page 2") && error.message.contains("500") && error.message.contains("appointments"))
        }
        #expect(try await mirrored() == before)
        let classes = try await database.writer.read { db in try ScheduledClass.fetchAll(db, sql: "SELECT * FROM scheduledClass") }
        #expect(classes.allSatisfy { !$0.source.isCancelled || $0.source.sourceClassId == "7003" })
        #expect(try await service.source(good.id, in: org).lastRefreshedAt == sourceBefore.lastRefreshedAt)
    }

    @Test func savedCountsWithoutAppointmentsStillRead() throws {
        let old = Data(#"{"new":1,"updated":2,"cancelled":3,"substitutes":4,"removed":5}"#.utf8)
        let counts = try JSONDecoder().decode(RefreshCounts.self, from: old)
        #expect(counts == RefreshCounts(new: 1, updated: 2, cancelled: 3, substitutes: 4, removed: 5))
        #expect(RefreshCounts(appointments: 2).summary == "2 appointments changed")
        #expect(RefreshCounts(appointments: 2).json["appointments"]?.int64Value == 2)
    }

    @Test func aTrainersWeekHoldsTheirAppointmentsBesideTheirClasses() throws {
        let zone = ScheduleFixture.zone
        let start = ScheduleFixture.date("2027-01-05T08:00:00")
        let appointment = StaffAppointment(
            id: UUID(), orgId: org.id, sourceId: UUID(),
            source: SourceAppointment(sourceAppointmentId: "1", startsAt: start, endsAt: start.addingTimeInterval(3600),
                                      status: "NoShow", staff: "Dana Whitfield"),
            firstSeenAt: start, changedAt: start)
        let week = TrainerWeek([], appointments: [appointment], firstDay: LocalDate(year: 2027, month: 1, day: 4), zone: zone)
        #expect(week.rows.map(\.trainer) == ["Dana Whitfield"])
        #expect(week.rows.first?.appointments[1].map(\.source.sourceAppointmentId) == ["1"])
        #expect(week.rows.first?.appointmentCount == 1 && week.rows.first?.classCount == 0)
        #expect(AppointmentStatus("LateCancelled").didNotHappen && !AppointmentStatus("Completed").didNotHappen)
    }

    @Test func aTrainersDayListsClassesAndAppointmentsInOneTimeOrderTheClassFirstAtTheSameMinute() throws {
        let zone = ScheduleFixture.zone
        func at(_ time: String) -> Date { ScheduleFixture.date("2027-01-05T\(time):00") }
        func lesson(_ id: String, _ time: String) -> ScheduledClass {
            ScheduledClass(id: UUID(), orgId: org.id, sourceId: UUID(),
                           source: SourceClass(sourceClassId: id, name: "Class \(id)", startsAt: at(time),
                                               endsAt: at(time).addingTimeInterval(2700), trainer: "Dana Whitfield"),
                           firstSeenAt: at(time), changedAt: at(time))
        }
        func appointment(_ id: String, _ time: String) -> StaffAppointment {
            StaffAppointment(id: UUID(), orgId: org.id, sourceId: UUID(),
                             source: SourceAppointment(sourceAppointmentId: id, startsAt: at(time), endsAt: at(time).addingTimeInterval(3600),
                                                       status: "Booked", staff: "Dana Whitfield"),
                             firstSeenAt: at(time), changedAt: at(time))
        }
        let week = TrainerWeek([lesson("b", "09:00"), lesson("a", "07:00"), lesson("c", "12:00")],
                               appointments: [appointment("y", "12:00"), appointment("x", "06:00"), appointment("z", "10:30")],
                               firstDay: LocalDate(year: 2027, month: 1, day: 4), zone: zone)
        let order = week.rows.first?.entries(day: 1).map { entry -> String in
            switch entry {
            case .lesson(let scheduled): scheduled.source.sourceClassId
            case .appointment(let appointment): appointment.source.sourceAppointmentId
            }
        }
        #expect(order == ["x", "a", "b", "z", "c", "y"])
        #expect(week.rows.first?.entries(day: 0).isEmpty == true)
    }
}
