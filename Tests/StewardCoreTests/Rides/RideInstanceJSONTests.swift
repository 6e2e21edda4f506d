import Foundation
import Testing
@testable import StewardCore

/// The CLI contract's JSON: what is read, what is echoed, what is refused and how it is named.
@Suite("Ride instance JSON")
struct RideInstanceJSONTests {
    static let instance = """
        {"event": {"id": 9, "location": {"lat": 35.3, "lon": -120.66}}, "max_time_gap_minutes": 15,
         "drivers": [{"id": 1, "seats": 1, "direction": "both", "pickup": {"lat": 35.28, "lon": -120.66},
                      "radius_km": 5, "depart_at": "2026-12-04T18:30:00-08:00", "return_at": "2026-12-04T21:30:00-08:00",
                      "gender": "female", "passenger_gender": null},
                     {"id": "van", "seats": 2, "direction": "to", "pickup": {"lat": 35.29, "lon": -120.67},
                      "radius_km": 5, "depart_at": "2026-12-05T02:40:00Z", "return_at": null, "gender": "male", "passenger_gender": null}],
         "passengers": [{"id": "ana", "direction": "both", "pickup": {"lat": 35.281, "lon": -120.661},
                         "depart_at": "2026-12-04T18:35:00-08:00", "return_at": "2026-12-04T21:30:00-08:00",
                         "gender": "female", "driver_gender": "female"},
                        {"id": 2, "direction": "from", "pickup": {"lat": 35.281, "lon": -120.661},
                         "depart_at": null, "return_at": "2026-12-04T21:40:00-08:00", "gender": "male", "driver_gender": null}],
         "current": [{"passenger": 2, "driver": 1, "leg": "from"}]}
        """

    @Test("ids come back in the type they were given: numbers as numbers, strings as strings")
    func idsKeepTheirType() throws {
        let answer = try RideSolver().solve(RideInstance(json: Data(Self.instance.utf8)))
        let json = answer.json
        let assignments = json["assignments"]!.arrayValue!
        #expect(assignments.contains(.object(["passenger": .string("ana"), "driver": .int(1), "leg": .string("to")])))
        // Driver 1 has one seat back: passenger 2 keeps it (current), Ana waits.
        #expect(assignments.contains(.object(["passenger": .int(2), "driver": .int(1), "leg": .string("from")])))
        #expect(json["unassigned"]!.arrayValue! == [.object(["passenger": .string("ana"), "leg": .string("from"), "reason": .string("all full")])])
    }

    @Test("times with offsets are compared as instants")
    func timesWithOffsets() throws {
        let instance = try RideInstance(json: Data(Self.instance.utf8))
        // 18:40 in UTC-8 is 02:40 UTC the next day: the same instant as the van's departure.
        #expect(instance.drivers[1].departAt == instance.passengers[0].departAt!.addingTimeInterval(5 * 60))
    }

    @Test("times without seconds or without an offset are read too (as UTC)")
    func shortTimes() throws {
        let text = #"{"max_time_gap_minutes": 5, "drivers": [], "passengers": [{"id": 1, "direction": "to", "pickup": {"lat": 1, "lon": 2}, "depart_at": "2026-12-04T18:40", "return_at": "2026-12-04T21:00:00"}]}"#
        let passenger = try RideInstance(json: Data(text.utf8)).passengers[0]
        #expect(passenger.departAt == DateTimeText.parseUTC("2026-12-04T18:40"))
        #expect(passenger.returnAt == DateTimeText.parseUTC("2026-12-04T21:00"))
    }

    @Test("what is wrong is named by its place in the instance", arguments: [
        (#"{"max_time_gap_minutes": 10, "drivers": [{"id": 1, "seats": "three", "direction": "to", "pickup": {"lat": 1, "lon": 2}, "radius_km": 3}], "passengers": []}"#, "drivers[0].seats"),
        (#"{"max_time_gap_minutes": 10, "drivers": [], "passengers": [{"id": 1, "direction": "sideways", "pickup": {"lat": 1, "lon": 2}}]}"#, "passengers[0].direction"),
        (#"{"max_time_gap_minutes": 10, "drivers": [], "passengers": [{"id": 1, "direction": "to", "pickup": {"lat": 1, "lon": 2}, "depart_at": "6:40 pm"}]}"#, "passengers[0].depart_at"),
        (#"{"max_time_gap_minutes": 10, "drivers": [], "passengers": [{"id": 1, "direction": "to", "pickup": {"lat": 91, "lon": 2}}]}"#, "passengers[0].pickup.lat"),
        (#"{"max_time_gap_minutes": 10, "drivers": [], "passengers": [{"id": 1, "direction": "to", "pickup": {"lat": 1, "lon": 2}, "gender": "x"}]}"#, "passengers[0].gender"),
        (#"{"max_time_gap_minutes": 10, "drivers": []}"#, "passengers"),
        (#"{"max_time_gap_minutes": -1, "drivers": [], "passengers": []}"#, "max_time_gap_minutes"),
        (#"{"max_time_gap_minutes": 10, "drivers": [], "passengers": [], "current": [{"passenger": 1, "driver": 2, "leg": "both"}]}"#, "current[0].leg"),
        (#"{"max_time_gap_minutes": 10, "drivers": [], "passengers": [{"id": 1, "direction": "to", "pickup": {"lat": 1, "lon": 2}}, {"id": "1", "direction": "to", "pickup": {"lat": 1, "lon": 2}}]}"#, "passengers[1].id"),
    ])
    func namedErrors(text: String, path: String) {
        #expect {
            try RideInstance(json: Data(text.utf8))
        } throws: { error in
            (error as? RideInstanceError)?.path == path
        }
    }

    @Test("text that is not JSON says where it stops being JSON")
    func notJSON() {
        #expect {
            try RideInstance(json: Data(#"{"drivers": ["#.utf8))
        } throws: { error in
            (error as? RideInstanceError)?.description.contains("JSON") == true
        }
    }
}

/// Why a passenger-leg waits: decided by the furthest rule some driver of that leg gets past.
@Suite("Ride unassigned reasons")
struct RideReasonTests {
    let at = Date(timeIntervalSince1970: 1_796_500_000)
    let here = RidePoint(lat: 35.3, lon: -120.66)
    let far = RidePoint(lat: 35.6, lon: -120.66)

    func reason(_ passenger: RidePassenger, _ drivers: [RideDriver]) throws -> String? {
        let answer = try RideSolver().solve(RideInstance(maxTimeGapMinutes: 10, drivers: drivers, passengers: [passenger]))
        return answer.unassigned.first { $0.leg == .to }?.reason.rawValue
    }

    @Test("no driver reaches the pickup")
    func outOfRange() throws {
        let driver = RideDriver(id: RideID("d"), seats: 3, direction: .to, pickup: far, radiusKm: 5, departAt: at)
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: at), [driver]) == "no driver in range")
        // A driver going the other way is no driver at all for this leg.
        let back = RideDriver(id: RideID("b"), seats: 3, direction: .from, pickup: here, radiusKm: 5, returnAt: at)
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: at), [back]) == "no driver in range")
    }

    @Test("in range but at another time, or with no time on that leg")
    func otherTime() throws {
        let driver = RideDriver(id: RideID("d"), seats: 3, direction: .to, pickup: here, radiusKm: 5, departAt: at)
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: at.addingTimeInterval(11 * 60)), [driver]) == "none at that time")
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: nil), [driver]) == "none at that time")
        // Exactly the allowed gap is allowed.
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: at.addingTimeInterval(10 * 60)), [driver]) == nil)
    }

    @Test("a gender preference either way")
    func gender() throws {
        let onlyWomen = RideDriver(id: RideID("d"), seats: 3, direction: .to, pickup: here, radiusKm: 5, departAt: at,
                                   gender: .female, passengerGender: .female)
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: at, gender: .male), [onlyWomen]) == "gender preference")
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: at, gender: nil), [onlyWomen]) == "gender preference")
        let man = RideDriver(id: RideID("d"), seats: 3, direction: .to, pickup: here, radiusKm: 5, departAt: at, gender: .male)
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: at, gender: .male, driverGender: .female), [man]) == "gender preference")
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: at, gender: .female), [onlyWomen]) == nil)
    }

    @Test("every driver who could take them is full")
    func full() throws {
        let driver = RideDriver(id: RideID("d"), seats: 0, direction: .both, pickup: here, radiusKm: 5, departAt: at)
        #expect(try reason(RidePassenger(id: RideID("p"), direction: .to, pickup: here, departAt: at), [driver]) == "all full")
    }
}
