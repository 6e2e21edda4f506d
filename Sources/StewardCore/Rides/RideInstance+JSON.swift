import Foundation
import Translation

/// What is wrong with a ride instance, naming the place in it (`drivers[2].seats`).
public struct RideInstanceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public var description: String { path.isEmpty ? problem : path + ": " + problem }
}

extension RideInstance {
    /// Reads the CLI contract's instance: `{"event": {"id", "location": {"lat", "lon"}},
    /// "max_time_gap_minutes", "drivers": [...], "passengers": [...], "current": [...]}`. Times
    /// are ISO 8601 or null; a null or missing time, gender or preference is none. Ids may be
    /// strings or numbers and keep their type. `current` is optional, and a current pair naming
    /// someone no longer in the instance is simply gone (a cancellation).
    public init(json text: Data) throws(RideInstanceError) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(text)
        } catch {
            throw RideInstanceError(path: "", problem: error.description)
        }
        try self.init(json: root)
    }

    public init(json root: JSONValue) throws(RideInstanceError) {
        let reader = RideJSONReader()
        guard case .object = root else {
            throw RideInstanceError(path: "", problem: tr("the instance must be a JSON object with \"drivers\" and \"passengers\""))
        }
        var eventId: RideID?
        var eventLocation: RidePoint?
        if let event = root["event"], event != .null {
            guard case .object = event else { throw RideInstanceError(path: "event", problem: tr("must be an object like {\"id\": 1, \"location\": {\"lat\": 35.3, \"lon\": -120.66}}")) }
            if let id = event["id"], id != .null { eventId = try reader.id(id, at: "event.id") }
            if let location = event["location"], location != .null { eventLocation = try reader.point(location, at: "event.location") }
        }
        // Left out (or null), the gap is the one stored rides use, so an instance exported from
        // the board and one written by hand without it solve alike.
        var maxGap = RideRules.maxTimeGapMinutes
        if let gap = root["max_time_gap_minutes"], gap != .null {
            maxGap = try reader.number(gap, at: "max_time_gap_minutes", atLeast: 0)
        }

        let drivers = try reader.list(root["drivers"], at: "drivers").enumerated().map { (i, item) throws(RideInstanceError) in
            try reader.driver(item, at: "drivers[\(i)]")
        }
        let passengers = try reader.list(root["passengers"], at: "passengers").enumerated().map { (i, item) throws(RideInstanceError) in
            try reader.passenger(item, at: "passengers[\(i)]")
        }
        try reader.unique(drivers.map(\.id), at: "drivers", noun: tr("driver"))
        try reader.unique(passengers.map(\.id), at: "passengers", noun: tr("passenger"))
        var current: [RidePair] = []
        if let list = root["current"], list != .null {
            current = try reader.list(list, at: "current").enumerated().map { (i, item) throws(RideInstanceError) in
                try reader.pair(item, at: "current[\(i)]")
            }
        }
        self.init(eventId: eventId, eventLocation: eventLocation, maxTimeGapMinutes: maxGap,
                  drivers: drivers, passengers: passengers, current: current)
    }
}

/// Field-by-field reading with messages that say where and what was expected.
struct RideJSONReader {
    private let isoFormatters: [ISO8601DateFormatter] = {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return [plain, fractional]
    }()

    func fail(_ path: String, _ problem: String) -> RideInstanceError {
        RideInstanceError(path: path, problem: problem)
    }

    func list(_ value: JSONValue?, at path: String) throws(RideInstanceError) -> [JSONValue] {
        guard let value else { throw fail(path, tr("is missing: give a list (it may be empty)")) }
        guard let items = value.arrayValue else { throw fail(path, tr("must be a list")) }
        return items
    }

    func object(_ value: JSONValue, at path: String) throws(RideInstanceError) {
        guard case .object = value else { throw fail(path, tr("must be an object")) }
    }

    func id(_ value: JSONValue?, at path: String) throws(RideInstanceError) -> RideID {
        switch value {
        case .string(let text)? where !text.isEmpty: return RideID(.string(text))
        case .int?, .double?: return RideID(value!)
        case nil: throw fail(path, tr("is missing: give a string or a number"))
        default: throw fail(path, tr("must be a non-empty string or a number"))
        }
    }

    func number(_ value: JSONValue?, at path: String, atLeast minimum: Double) throws(RideInstanceError) -> Double {
        guard let value else { throw fail(path, tr("is missing")) }
        guard let number = value.doubleValue, number.isFinite else {
            throw fail(path, tr("must be a number (got {value})", ["value": value.canonicalText]))
        }
        guard number >= minimum else {
            throw fail(path, tr("must be {minimum} or more (got {value})", ["minimum": minimum == minimum.rounded() ? String(Int(minimum)) : String(minimum), "value": value.canonicalText]))
        }
        return number
    }

    func point(_ value: JSONValue?, at path: String) throws(RideInstanceError) -> RidePoint {
        guard let value else { throw fail(path, tr("is missing: give {\"lat\": …, \"lon\": …} in degrees")) }
        try object(value, at: path)
        let lat = try number(value["lat"], at: path + ".lat", atLeast: -90)
        let lon = try number(value["lon"], at: path + ".lon", atLeast: -180)
        guard lat <= 90 else { throw fail(path + ".lat", tr("must be between -90 and 90 degrees")) }
        guard lon <= 180 else { throw fail(path + ".lon", tr("must be between -180 and 180 degrees")) }
        return RidePoint(lat: lat, lon: lon)
    }

    func direction(_ value: JSONValue?, at path: String) throws(RideInstanceError) -> RideDirection {
        guard let text = value?.stringValue, let direction = RideDirection(rawValue: text) else {
            throw fail(path, tr("must be \"to\", \"from\" or \"both\" (got {value})", ["value": value?.canonicalText ?? tr("nothing")]))
        }
        return direction
    }

    func leg(_ value: JSONValue?, at path: String) throws(RideInstanceError) -> RideLeg {
        guard let text = value?.stringValue, let leg = RideLeg(rawValue: text) else {
            throw fail(path, tr("must be \"to\" or \"from\" (got {value})", ["value": value?.canonicalText ?? tr("nothing")]))
        }
        return leg
    }

    func gender(_ value: JSONValue?, at path: String) throws(RideInstanceError) -> RideGender? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue, let gender = RideGender(rawValue: text) else {
            throw fail(path, tr("must be \"female\", \"male\" or null (got {value})", ["value": value.canonicalText]))
        }
        return gender
    }

    func time(_ value: JSONValue?, at path: String) throws(RideInstanceError) -> Date? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue else {
            throw fail(path, tr("must be an ISO 8601 time like 2026-12-04T18:40:00-08:00, or null (got {value})", ["value": value.canonicalText]))
        }
        // A time without an offset is read as UTC: instances compare times, and a whole instance
        // written without offsets compares the same either way.
        let hasOffset = text.hasSuffix("Z") || text.hasSuffix("z") || text.range(of: #"[+-]\d\d:?\d\d$"#, options: .regularExpression) != nil
        let candidates = hasOffset ? [text] : [text + "Z"]
        for candidate in candidates {
            for formatter in isoFormatters {
                if let date = formatter.date(from: candidate) { return date }
            }
        }
        // Shorter forms people write (`2026-12-04T18:40`, no seconds), read the same way.
        if let date = DateTimeText.parse(text, zone: TimeZone(identifier: "UTC")!) { return date }
        throw fail(path, tr("must be an ISO 8601 time like 2026-12-04T18:40:00-08:00, or null (got {value})", ["value": value.canonicalText]))
    }

    func driver(_ value: JSONValue, at path: String) throws(RideInstanceError) -> RideDriver {
        try object(value, at: path)
        let seats = try number(value["seats"], at: path + ".seats", atLeast: 0)
        guard seats == seats.rounded(), seats <= 1_000 else {
            throw fail(path + ".seats", tr("must be a whole number of seats (got {value})", ["value": value["seats"]!.canonicalText]))
        }
        return RideDriver(
            id: try id(value["id"], at: path + ".id"),
            seats: Int(seats),
            direction: try direction(value["direction"], at: path + ".direction"),
            pickup: try point(value["pickup"], at: path + ".pickup"),
            radiusKm: try number(value["radius_km"], at: path + ".radius_km", atLeast: 0),
            departAt: try time(value["depart_at"], at: path + ".depart_at"),
            returnAt: try time(value["return_at"], at: path + ".return_at"),
            gender: try gender(value["gender"], at: path + ".gender"),
            passengerGender: try gender(value["passenger_gender"], at: path + ".passenger_gender"))
    }

    func passenger(_ value: JSONValue, at path: String) throws(RideInstanceError) -> RidePassenger {
        try object(value, at: path)
        return RidePassenger(
            id: try id(value["id"], at: path + ".id"),
            direction: try direction(value["direction"], at: path + ".direction"),
            pickup: try point(value["pickup"], at: path + ".pickup"),
            departAt: try time(value["depart_at"], at: path + ".depart_at"),
            returnAt: try time(value["return_at"], at: path + ".return_at"),
            gender: try gender(value["gender"], at: path + ".gender"),
            driverGender: try gender(value["driver_gender"], at: path + ".driver_gender"))
    }

    func pair(_ value: JSONValue, at path: String) throws(RideInstanceError) -> RidePair {
        try object(value, at: path)
        return RidePair(passenger: try id(value["passenger"], at: path + ".passenger"),
                        driver: try id(value["driver"], at: path + ".driver"),
                        leg: try leg(value["leg"], at: path + ".leg"))
    }

    func unique(_ ids: [RideID], at path: String, noun: String) throws(RideInstanceError) {
        var seen = Set<RideID>()
        for (i, id) in ids.enumerated() where !seen.insert(id).inserted {
            throw fail("\(path)[\(i)].id", tr("{id} is already the id of another {noun}; each needs its own",
                                            ["id": id.json.canonicalText, "noun": noun]))
        }
    }
}

extension RideInstance {
    /// The instance in the contract's JSON, times in UTC: what `rides solve` reads, for
    /// exporting a stored event's rides and for the benchmark's baselines.
    public var json: JSONValue {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        func time(_ date: Date?) -> JSONValue { date.map { .string(formatter.string(from: $0)) } ?? .null }
        func gender(_ gender: RideGender?) -> JSONValue { gender.map { .string($0.rawValue) } ?? .null }
        func point(_ point: RidePoint) -> JSONValue { .object(["lat": .double(point.lat), "lon": .double(point.lon)]) }
        var event: [String: JSONValue] = ["id": eventId?.json ?? .null]
        if let eventLocation { event["location"] = point(eventLocation) }
        return .object([
            "event": .object(event),
            "max_time_gap_minutes": .double(maxTimeGapMinutes),
            "drivers": .array(drivers.map { driver in
                .object(["id": driver.id.json, "seats": .int(Int64(driver.seats)), "direction": .string(driver.direction.rawValue),
                         "pickup": point(driver.pickup), "radius_km": .double(driver.radiusKm),
                         "depart_at": time(driver.departAt), "return_at": time(driver.returnAt),
                         "gender": gender(driver.gender), "passenger_gender": gender(driver.passengerGender)])
            }),
            "passengers": .array(passengers.map { passenger in
                .object(["id": passenger.id.json, "direction": .string(passenger.direction.rawValue), "pickup": point(passenger.pickup),
                         "depart_at": time(passenger.departAt), "return_at": time(passenger.returnAt),
                         "gender": gender(passenger.gender), "driver_gender": gender(passenger.driverGender)])
            }),
            "current": .array(current.map { pair in
                .object(["passenger": pair.passenger.json, "driver": pair.driver.json, "leg": .string(pair.leg.rawValue)])
            }),
        ])
    }
}
