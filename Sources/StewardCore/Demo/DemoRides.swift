import Foundation
import GRDB

/// The campus ministry's rides: forty student drivers and two hundred passengers (all
/// members), who offer seats and ask for rides to next week's Thursday Large Group and to the
/// Winter Retreat. The retreat has a plan in force (the solver's, with the notifications it
/// sent) and then a few cancellations: a driver and two passengers, whose seats and places the
/// next plan frees. The Thursday meeting has no plan yet, for staff to make one. Stored as a
/// sync from the store brings them (members, offers and requests come from the app), and the
/// same for the same reference on every machine (`DemoRandom`).
enum DemoRides {
    static let driverCount = 40
    static let passengerCount = 200

    /// Adds them inside the caller's transaction, after the events; answers how many records.
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .campusMinistry else { return 0 }
        var store = DemoPassport.PulledRecords(org: org, reference: reference, db: db)
        var random = DemoRandom(seed: 1_313)
        let people = (0..<(driverCount + passengerCount)).map { person($0) }
        var members: [String] = []
        for (index, who) in people.enumerated() {
            members.append(try store.write(.member, .object([
                "displayName": .string(who.name), "email": .string(who.email), "audience": .string("students"),
                "minor": .bool(false),
                "registeredAt": .string(DateTimeText.utc(reference.addingTimeInterval(-Double(30 + index % 300) * 86_400))),
            ])))
        }
        let genders = people.map(\.gender)
        let events = try RecordService.live(.event, org: org, db).filter { $0["rideSharing"]?.boolValue == true }
        let start: (LocalRecord) -> Date? = { $0["startsAt"]?.stringValue.flatMap(DateTimeText.parseUTC) }
        // The weekly meeting is a series: its rides, naming no date, are for its next one.
        guard let meeting = events.first(where: { $0["title"]?.stringValue == "Thursday Large Group" }),
              let meetingId = UUID(uuidString: meeting.key), let series = try Event.fetchOne(db, sql: "SELECT * FROM event WHERE id = ?",
                                                                                   arguments: [UUIDColumn.encode(meetingId)]),
              let meetingStart = series.occurrences(from: reference, to: reference.addingTimeInterval(15 * 86_400), zone: org.timeZone)
                .first?.span(zone: org.timeZone)?.start,
              let retreat = events.first(where: { $0["title"]?.stringValue == "Winter Retreat" }),
              let retreatStart = start(retreat) else { return store.added }

        // The ministry's default pickup: riders who name no place meet at the PAC a quarter
        // hour before the start.
        _ = try store.write(.rideSettings, .object([
            "pickupPlace": .string(defaultPickup.name), "pickupLatitude": .double(defaultPickup.lat),
            "pickupLongitude": .double(defaultPickup.lon), "gapMinutes": .int(RideRules.defaultPickupGapMinutes),
        ]))
        // Thursday: everyone; rides leave half an hour before and come back after two hours.
        try addRides(event: meeting.key, members: members, genders: genders, drivers: 0..<driverCount,
                     passengers: driverCount..<members.count, depart: meetingStart.addingTimeInterval(-30 * 60),
                     back: meetingStart.addingTimeInterval(2.5 * 3_600), random: &random, store: &store)
        // The retreat: most drivers and passengers, the plan made, then the cancellations.
        let retreatRides = try addRides(event: retreat.key, members: members, genders: genders, drivers: 0..<(driverCount - 6),
                                        passengers: driverCount..<(members.count - 30),
                                        depart: retreatStart.addingTimeInterval(-90 * 60),
                                        back: retreatStart.addingTimeInterval(45 * 3_600), random: &random, store: &store)
        try addPlan(event: retreat.key, org: org, reference: reference, store: &store, db)
        try cancel(retreatRides, org: org, reference: reference, store: &store, db)
        return store.added
    }

    /// The offers and requests of one event; answers their ids.
    @discardableResult
    static func addRides(event: String, members: [String], genders: [RideGender], drivers: Range<Int>, passengers: Range<Int>,
                         depart: Date, back: Date, random: inout DemoRandom,
                         store: inout DemoPassport.PulledRecords) throws -> (offers: [String], requests: [String]) {
        var offers: [String] = [], requests: [String] = []
        for index in drivers {
            let place = random.pick(places)
            let direction = random.chance(0.8) ? RideDirection.both : random.pick([.to, .from])
            var fields = rideFields(event: event, member: members[index], gender: genders[index], place: place,
                                    direction: direction, depart: depart, back: back, random: &random)
            fields["seats"] = .int(Int64.random(in: 2...5, using: &random))
            fields["radiusKm"] = .int(Int64.random(in: 1...4, using: &random))
            // A few drive only women or only men (often a late-night ride home).
            if random.chance(0.1) { fields["passengerGender"] = .string(genders[index].rawValue) }
            offers.append(try store.write(.rideOffer, .object(fields)))
        }
        for index in passengers {
            let place = random.pick(places)
            let direction = random.chance(0.75) ? RideDirection.both : random.pick([.to, .from])
            var fields = rideFields(event: event, member: members[index], gender: genders[index], place: place,
                                    direction: direction, depart: depart, back: back, random: &random)
            if random.chance(0.05) { fields["driverGender"] = .string(genders[index].rawValue) }
            requests.append(try store.write(.rideRequest, .object(fields)))
        }
        return (offers, requests)
    }

    static func rideFields(event: String, member: String, gender: RideGender, place: Place, direction: RideDirection,
                           depart: Date, back: Date, random: inout DemoRandom) -> [String: JSONValue] {
        // Within a few hundred metres of the place, leaving within a quarter hour of the others
        // (a few keep to a time no driver keeps).
        let jitter = { (random: inout DemoRandom) in Double.random(in: -0.004...0.004, using: &random) }
        let lat = place.lat + jitter(&random), lon = place.lon + jitter(&random)
        let late = random.chance(0.04) ? 75.0 * 60 : 0
        let minutes = { (random: inout DemoRandom) in Double(Int.random(in: -3...3, using: &random) * 5) * 60 }
        var fields: [String: JSONValue] = [
            "event": .string(event), "member": .string(member), "direction": .string(direction.rawValue),
            "pickupPlace": .string(place.name), "pickupLatitude": .string(StoredNumber.text(lat, fractionDigits: 5)),
            "pickupLongitude": .string(StoredNumber.text(lon, fractionDigits: 5)), "gender": .string(gender.rawValue),
        ]
        if direction.includes(.to) { fields["departAt"] = .string(DateTimeText.utc(depart.addingTimeInterval(minutes(&random) + late))) }
        if direction.includes(.from) { fields["returnAt"] = .string(DateTimeText.utc(back.addingTimeInterval(minutes(&random)))) }
        return fields
    }

    /// The solver's plan for the event, stored as accepted, with the notifications it sent.
    static func addPlan(event: String, org: Organization, reference: Date, store: inout DemoPassport.PulledRecords,
                        _ db: Database) throws {
        guard let eventId = UUID(uuidString: event) else { return }
        let board = try RideBoard.load(eventId: eventId, org: org, db)
        let answer = try RideSolver().solve(board.instance)
        let notices = RideNotices(board: board, zone: org.timeZone)
        let sent = reference.addingTimeInterval(-2 * 86_400)
        for pair in answer.assignments {
            try store.write(.rideAssignment, .object(["event": .string(event), "offer": .string(pair.driver.description),
                                                      "request": .string(pair.passenger.description), "leg": .string(pair.leg.rawValue)]))
            for note in notices.fields(for: pair, .seated, at: sent) { try store.write(.rideNotification, note) }
        }
    }

    /// A driver with passengers and two seated passengers cancel from the app after the plan:
    /// their records stay, marked, and the plan still names them until staff make a new one.
    static func cancel(_ rides: (offers: [String], requests: [String]), org: Organization, reference: Date,
                       store: inout DemoPassport.PulledRecords, _ db: Database) throws {
        let seated = Set(try RecordService.live(.rideAssignment, org: org, db).compactMap { $0["request"]?.stringValue })
        let driving = Set(try RecordService.live(.rideAssignment, org: org, db).compactMap { $0["offer"]?.stringValue })
        let offers = rides.offers.filter(driving.contains).prefix(1).map { ($0, RecordType.rideOffer, "My car is in the shop") }
        let requests = rides.requests.filter(seated.contains).prefix(2).map { ($0, RecordType.rideRequest, "Sick this weekend") }
        for (id, type, reason) in offers + requests {
            guard let record = try type.storage.fetch(entity: type.entity, id: id, db),
                  case .object(var fields) = record.fields else { continue }
            fields["cancelled"] = .bool(true)
            fields["cancelReason"] = .string(reason)
            store.version += 1
            var changed = record
            changed.fields = try type.validate(.object(fields), orgZone: org.timeZone)
            changed.version = store.version
            changed.updatedAt = reference.addingTimeInterval(-3_600)
            try type.storage.write(changed, org: org, db)
        }
    }

    struct Place {
        var name: String
        var lat: Double
        var lon: Double
    }

    /// Where Berkeley students are picked up.
    /// The Performing Arts Center, where the ministry's rides meet by default.
    static let defaultPickup = Place(name: "PAC", lat: 37.8690, lon: -122.2610)

    static let places = [
        Place(name: "Unit 1, Channing Way", lat: 37.8674, lon: -122.2547),
        Place(name: "Unit 2, Haste Street", lat: 37.8661, lon: -122.2555),
        Place(name: "Unit 3, Durant Avenue", lat: 37.8675, lon: -122.2606),
        Place(name: "Clark Kerr Campus", lat: 37.8628, lon: -122.2490),
        Place(name: "Foothill", lat: 37.8755, lon: -122.2567),
        Place(name: "Northside, Euclid Avenue", lat: 37.8770, lon: -122.2608),
        Place(name: "Rockridge BART", lat: 37.8447, lon: -122.2513),
        Place(name: "Albany Village", lat: 37.8869, lon: -122.2996),
        Place(name: "Downtown Berkeley BART", lat: 37.8701, lon: -122.2681),
    ]

    static let firstNames = ["Aaliyah", "Ben", "Camila", "Daniel", "Elena", "Felix", "Grace", "Hiro", "Isabel", "Jonah",
                             "Keiko", "Liam", "Maya", "Noah", "Olivia", "Pedro", "Quinn", "Rosa", "Samuel", "Tara"]
    static let lastNames = ["Adams", "Bui", "Castillo", "Diaz", "Edwards", "Fong", "Garcia", "Huang", "Ibrahim", "Jensen",
                            "Kim", "Lopez"]

    /// The nth student: names from the lists in turn, a gender with the first name.
    static func person(_ n: Int) -> (name: String, email: String, gender: RideGender) {
        let first = firstNames[n % firstNames.count], last = lastNames[(n / firstNames.count) % lastNames.count]
        let gender: RideGender = ["Ben", "Daniel", "Felix", "Hiro", "Jonah", "Liam", "Noah", "Pedro", "Samuel", "Quinn"]
            .contains(first) ? .male : .female
        let email = "\(first.lowercased()).\(last.lowercased())\(n)@berkeley.example.edu"
        return ("\(first) \(last)", email, gender)
    }
}
