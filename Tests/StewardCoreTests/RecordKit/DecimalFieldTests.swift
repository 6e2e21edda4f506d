import Foundation
import GRDB
import StewardTestSupport
import Testing
@testable import StewardCore

/// Decimal fields (a map pin's and a ride's coordinates) are numbers: kept and sent as JSON
/// numbers, written and read with a decimal point whatever the locale, and still read from the
/// text earlier consoles and stores kept.
@Suite("Decimal fields")
struct DecimalFieldTests {
    @Test("the demo's ride pickups, made with Spanish numbers, pass the ride rules and keep their coordinates")
    func demoRidesUnderSpanishNumbers() throws {
        let place = DemoRides.Place(name: "Poly Canyon Village", lat: 35.3050, lon: -120.6625)
        var random = DemoRandom(seed: 7)
        let fields = try SpanishNumbers.run {
            // The locale is in force: printf writes a decimal comma.
            #expect(String(format: "%.1f", 1.5) == "1,5")
            return DemoRides.rideFields(event: UUID().uuidString.lowercased(), member: UUID().uuidString.lowercased(),
                                        gender: .female, place: place, direction: .to, depart: Date(), back: Date(),
                                        random: &random)
        }
        // Written as stored numbers are, with a point (a decimal comma would read too, but no
        // number meant to be stored is written with one).
        for key in ["pickupLatitude", "pickupLongitude"] {
            let text = try #require(fields[key]?.stringValue)
            #expect(text.wholeMatch(of: /-?[0-9]+\.[0-9]{5}/) != nil, "\(key): \(text)")
        }
        var offer = fields
        offer["seats"] = .int(3)
        offer["radiusKm"] = .int(2)
        let checked = try RecordType.rideOffer.validate(.object(offer), orgZone: .gmt)
        let latitude = try #require(checked["pickupLatitude"]?.doubleValue)
        let longitude = try #require(checked["pickupLongitude"]?.doubleValue)
        #expect(abs(latitude - 35.3050) <= 0.0041 && abs(longitude + 120.6625) <= 0.0041)
    }

    @Test("coordinates are kept as numbers, whether sent as numbers or as the text earlier versions kept")
    func keptAsNumbers() throws {
        let asText = try RecordType.mapPin.validate(.object(["name": .string("Pantry"), "latitude": .string(" 42.6531 "),
                                                             "longitude": .string("-73.7480")]), orgZone: .gmt)
        #expect(asText["latitude"] == .double(42.6531))
        #expect(asText["longitude"] == .double(-73.748))
        let asNumbers = try RecordType.mapPin.validate(.object(["name": .string("Pantry"), "latitude": .double(42.6531),
                                                                "longitude": .int(-73)]), orgZone: .gmt)
        #expect(asNumbers["latitude"] == .double(42.6531))
        #expect(asNumbers["longitude"] == .int(-73))
        // Over the wire and back: the same value.
        #expect(try JSONValue.parse(asText.canonicalText) == asText)
        #expect(asText.canonicalText.contains(#""latitude":42.6531"#))

        let ride = try RecordType.rideRequest.validate(.object([
            "event": .string(UUID().uuidString), "member": .string(UUID().uuidString), "direction": .string("to"),
            "pickupLatitude": .string("35,3050"), "pickupLongitude": .double(-120.6625),
            "departAt": .string("2026-12-04T02:30:00Z"),
        ]), orgZone: .gmt)
        #expect(ride["pickupLatitude"] == .double(35.305))
        #expect(ride["pickupLongitude"] == .double(-120.6625))
    }

    @Test("a value that is no number in range is refused with the type's own words")
    func refusals() {
        for bad: JSONValue in [.string("91"), .double(-90.5), .string("north"), .string("0x10"), .string("1.5.2"), .bool(true)] {
            do {
                _ = try RecordType.mapPin.validate(.object(["name": .string("Pantry"), "latitude": bad,
                                                            "longitude": .string("-73.75")]), orgZone: .gmt)
                Issue.record("\(bad) was accepted")
            } catch {
                #expect(error.issues.map(\.field) == ["latitude"], "\(bad)")
                #expect(error.issues.first?.message == "must be a number of degrees from -90 to 90, like 42.6526")
            }
        }
    }

    @Test("a console's map pins and rides kept as text read back as numbers once it is upgraded")
    func upgradedConsole() async throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration())
        try Migrations.migrator.migrate(queue, upTo: "v15: library search by ISBN prefix")
        let orgId = UUID(), pinId = UUID(), offerId = UUID()
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO organization (id, slug, name, timeZone, kind, modules)
                VALUES (?, 'riverton', 'Riverton', 'America/New_York', 'city-office', '["events","community","rides"]')
                """, arguments: [UUIDColumn.encode(orgId)])
            let pin = #"{"address":"","category":"Food","description":"","latitude":"42.6531","longitude":"-73.7480","name":"Pantry"}"#
            let offer = #"{"pickupLatitude":"35.3050","pickupLongitude":"-120.6625","pickupPlace":"Poly Canyon Village","seats":3}"#
            for (entity, id, fields) in [("mapPin", pinId, pin), ("rideOffer", offerId, offer)] {
                try db.execute(sql: """
                    INSERT INTO record (entity, id, orgId, version, createdAt, updatedAt, deleted, fields)
                    VALUES (?, ?, ?, 3, '2026-11-01 10:00:00.000', '2026-11-01 10:00:00.000', 0, ?)
                    """, arguments: [entity, UUIDColumn.encode(id), UUIDColumn.encode(orgId), fields])
            }
        }
        let database = try AppDatabase(queue)
        let records = try await database.writer.read { db in
            (try RecordType.mapPin.storage.fetch(entity: "mapPin", id: UUIDColumn.encode(pinId), db),
             try RecordType.rideOffer.storage.fetch(entity: "rideOffer", id: UUIDColumn.encode(offerId), db))
        }
        let pin = try #require(records.0), offer = try #require(records.1)
        #expect(pin["latitude"] == .double(42.6531) && pin["longitude"] == .double(-73.748))
        #expect(offer["pickupLatitude"] == .double(35.305) && offer["pickupLongitude"] == .double(-120.6625))
        // Nothing else changes: not the other fields, not the version the store gave.
        #expect(pin["name"] == .string("Pantry") && pin.version == 3)
        #expect(offer["seats"] == .int(3) && offer["pickupPlace"] == .string("Poly Canyon Village"))
    }
}

@Suite("Decimal fields read back")
struct DecimalFieldReadBackTests {
    @Test("the solver's instance of an event's rides carries the event's place, kept as numbers")
    func rideInstanceHasTheEventsPlace() throws {
        let orgId = UUID()
        let event = LocalRecord(entity: "event", orgId: orgId, fields: .object([
            "title": .string("Retreat"), "latitude": .double(37.0510), "longitude": .double(-122.0581),
        ]))
        let offer = LocalRecord(entity: "rideOffer", orgId: orgId, fields: .object([
            "event": .string(event.key), "direction": .string("to"), "seats": .int(3), "radiusKm": .int(2),
            "pickupLatitude": .double(37.8691), "pickupLongitude": .string("-122.2597"),
            "departAt": .string("2026-12-04T02:30:00.000Z"),
        ]))
        let board = RideBoard(event: event, offers: [offer], requests: [], cancelledOffers: [], cancelledRequests: [],
                              assignments: [])
        let instance = board.instance
        #expect(instance.eventLocation == RidePoint(lat: 37.0510, lon: -122.0581))
        // A pickup as the text an earlier console kept still reads.
        #expect(instance.drivers.first?.pickup == RidePoint(lat: 37.8691, lon: -122.2597))
    }
}
