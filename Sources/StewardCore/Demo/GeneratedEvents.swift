import Foundation

/// Plausible events in bulk, for benchmarks and load checks: varied titles, places, kinds of
/// timing and dates spread over two years, the same for the same seed.
enum GeneratedEvents {
    static let activities = ["Potluck", "Prayer Breakfast", "Bike Repair Clinic", "Open Mic", "Blood Drive",
                             "Yoga in the Park", "Career Fair", "Coat Drive", "Movie Night", "Trivia Night",
                             "Garden Workday", "Chess Club", "Coding Club", "Bake Sale", "Choir Concert",
                             "Tax Help Clinic", "Hike", "Dance Class", "Art Walk", "Swim Lessons",
                             "Board Game Night", "Parent Workshop", "Health Screening", "Job Skills Lab"]
    static let qualifiers = ["Community", "Family", "Spring", "Winter", "Summer", "Autumn", "Neighborhood",
                             "Youth", "Senior", "Student", "Downtown", "Riverside", "Evening", "Weekend"]
    static let places = ["Fellowship Hall", "Riverfront Plaza", "Main Floor", "Student Union", "Reading Room",
                         "Kemble Park", "Community Room", "City Hall", "Studio A", "Oneida Square",
                         "Gymnasium", "Library Annex", "Lakeside Pavilion", "Old Firehouse"]
    static let streets = ["Main St", "Oak Ave", "Genesee St", "Maple St", "Blake St", "Bancroft Way", "Front St"]
    static let hosts = ["Outreach Team", "Parks & Recreation", "Coach Dana Price", "Crossroads Staff",
                        "Friends of the Library", "Youth Ministry", "Neighborhood Association"]
    static let tags = ["everyone", "families", "students", "residents", "members", "youth", "seniors", "adults"]

    static func make(count: Int, zone: TimeZone, seed: UInt64, reference: Date) -> [EventDetails] {
        var random = DemoRandom(seed: seed)
        var result: [EventDetails] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            let title = "\(random.pick(qualifiers)) \(random.pick(activities)) #\(index + 1)"
            let dayOffset = Int.random(in: -365...365, using: &random)
            let roll = Double.random(in: 0..<1, using: &random)
            let timing: EventTiming
            if roll < 0.80 {
                let minutes = [8 * 60, 9 * 60 + 30, 12 * 60, 17 * 60 + 30, 18 * 60, 19 * 60][Int.random(in: 0..<6, using: &random)]
                let day = LocalDate(reference.addingTimeInterval(Double(dayOffset) * 86_400), in: zone)
                let start = day.startOfDay(in: zone).addingTimeInterval(Double(minutes) * 60)
                let length = Double([60, 90, 120, 180][Int.random(in: 0..<4, using: &random)]) * 60
                timing = .timed(start: start, end: start.addingTimeInterval(length), timeZone: zone.identifier)
            } else if roll < 0.95 {
                let first = LocalDate(reference.addingTimeInterval(Double(dayOffset) * 86_400), in: zone)
                timing = .allDay(first: first, last: first.adding(days: Int.random(in: 0...2, using: &random)))
            } else {
                timing = .untimed
            }
            let place = random.pick(places)
            result.append(EventDetails(
                title: title,
                description: "\(title) at \(place). All are welcome; bring a friend.",
                locationName: place,
                address: "\(Int.random(in: 10...2999, using: &random)) \(random.pick(streets))",
                coordinate: random.chance(0.5)
                    ? Coordinate(latitude: Double(Int.random(in: 250_000...480_000, using: &random)) / 10_000,
                                 longitude: -Double(Int.random(in: 700_000...1_220_000, using: &random)) / 10_000)
                    : nil,
                timing: timing,
                links: random.chance(0.3) ? [EventLink(label: "Details", url: "https://example.org/events/\(index + 1)")] : [],
                host: random.pick(hosts),
                contact: Contact(name: random.pick(hosts), email: "events\(index % 50)@example.org"),
                audience: [random.pick(tags)],
                stampValue: random.chance(0.2) ? Int.random(in: 1...3, using: &random) : 0,
                rideSharing: random.chance(0.15)))
        }
        return result
    }
}
