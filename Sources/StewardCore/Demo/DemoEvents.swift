import Foundation

/// A repeating or one-off event in the demo calendars, written the way office staff write them.
struct DemoEventTemplate {
    enum When {
        /// A series: every `everyWeeks` weeks on `weekday` (1 = Sunday) at `hour:minute`, for
        /// `minutes`, from `DemoEvents.weeksBack` weeks ago with no end.
        case weekly(weekday: Int, hour: Int, minute: Int, minutes: Int, everyWeeks: Int = 1)
        /// Once, `weeksFromNow` weeks from the reference week, on `weekday` at `hour:minute`.
        case once(weeksFromNow: Int, weekday: Int, hour: Int, minute: Int, minutes: Int)
        /// Whole days starting `weeksFromNow` weeks from now on `weekday`, lasting `days`.
        case allDay(weeksFromNow: Int, weekday: Int, days: Int)
        case ongoing
    }

    /// One date of a weekly series that differs, `week` weeks from the reference week.
    enum Exception {
        /// Does not happen (EXDATE).
        case cancelled(week: Int)
        /// Held at another time, with its own title when given (RECURRENCE-ID).
        case moved(week: Int, hour: Int, minute: Int, title: String = "")
    }

    var title: String
    var description: String
    var locationName: String
    var address: String
    var coordinate: Coordinate?
    var when: When
    var host: String
    var contact: Contact
    var audience: [String] = []
    var stampValue = 0
    var rideSharing = false
    var links: [EventLink] = []
    var imageURL: String? = nil
    var exceptions: [Exception] = []
    /// The church's calendar it belongs to (`DemoCalendars`); nil: none.
    var calendar: DemoCalendars.Key? = nil
    /// The campus and ministry it concerns (`DemoCampuses`); nil: every one.
    var campus: DemoCampuses.Campus? = nil
    var ministry: DemoCampuses.Ministry? = nil
}

enum DemoEvents {
    /// Weeks of history the weekly series have, before the reference date; they go on with no end.
    static let weeksBack = 13

    static func templates(for org: Organization) -> [DemoEventTemplate] {
        switch org.kind {
        case .church: church
        case .cityOffice: city + cityPassportYear
        case .gym: gym
        case .campusMinistry: campus
        case .library: library
        }
    }

    /// The events of an organization's templates around `reference`: a weekly template is one series.
    /// `calendars`: the organization's demo calendars by key, for the templates that name one.
    /// `campuses`: the organization's demo campuses and ministries, for the templates that name one.
    static func events(for org: Organization, reference: Date, calendars: [DemoCalendars.Key: UUID] = [:],
                       campuses: DemoCampuses.Ids = DemoCampuses.Ids()) -> [EventDetails] {
        let zone = org.timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.startOfDay(for: reference)
        let weekday = calendar.component(.weekday, from: today)
        let weekStart = calendar.date(byAdding: .day, value: 1 - weekday, to: today)!

        func at(week: Int, weekday: Int, hour: Int, minute: Int) -> Date {
            let day = calendar.date(byAdding: .day, value: week * 7 + weekday - 1, to: weekStart)!
            return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)!
        }

        var result: [EventDetails] = []
        for template in templates(for: org) {
            var timing: EventTiming
            var repeats = EventRepeats.none
            switch template.when {
            case let .weekly(day, hour, minute, minutes, every):
                let start = at(week: -weeksBack, weekday: day, hour: hour, minute: minute)
                let length = Double(minutes) * 60
                timing = .timed(start: start, end: start.addingTimeInterval(length), timeZone: zone.identifier)
                let rule = ["FREQ=WEEKLY"] + (every > 1 ? ["INTERVAL=\(every)"] : []) + ["BYDAY=" + weekdayCodes[day - 1]]
                repeats.rule = try? RepeatRule(rule.joined(separator: ";"))
                // Exceptions are named by the original start of their date, as the series gives it.
                let series = Series(timing: timing, rule: repeats.rule)
                func key(week: Int) -> String? {
                    let original = at(week: week, weekday: day, hour: hour, minute: minute)
                    return series.occurrences(from: original, to: original.addingTimeInterval(60), zone: zone).first?.key
                }
                for exception in template.exceptions {
                    switch exception {
                    case let .cancelled(week):
                        if let key = key(week: week) { repeats.cancelled.append(key) }
                    case let .moved(week, newHour, newMinute, title):
                        guard let key = key(week: week) else { continue }
                        let moved = at(week: week, weekday: day, hour: newHour, minute: newMinute)
                        repeats.changed.append(ChangedOccurrence(
                            occurrence: key, timing: .timed(start: moved, end: moved.addingTimeInterval(length), timeZone: zone.identifier),
                            title: title))
                    }
                }
            case let .once(week, day, hour, minute, minutes):
                let start = at(week: week, weekday: day, hour: hour, minute: minute)
                timing = .timed(start: start, end: start.addingTimeInterval(Double(minutes) * 60), timeZone: zone.identifier)
            case let .allDay(week, day, days):
                let first = LocalDate(at(week: week, weekday: day, hour: 12, minute: 0), in: zone)
                timing = .allDay(first: first, last: first.adding(days: days - 1))
            case .ongoing:
                timing = .untimed
            }
            result.append(EventDetails(
                title: template.title, description: template.description, locationName: template.locationName,
                address: template.address, coordinate: template.coordinate, timing: timing,
                imageURL: template.imageURL, links: template.links, host: template.host,
                contact: template.contact, audience: template.audience,
                stampValue: template.stampValue, rideSharing: template.rideSharing,
                calendar: template.calendar.flatMap { calendars[$0] }.map { $0.uuidString.lowercased() } ?? "",
                campus: campuses.tag(template.campus), ministry: campuses.tag(template.ministry),
                repeats: repeats))
        }
        return result
    }

    private static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    // MARK: The calendars

    static let graceOffice = Contact(name: "Linda Ortiz", email: "office@gracecommunity.example.org", phone: "+1 312 555 0142")
    static let graceAddress = "1420 W Addison St, Chicago, IL 60613"
    static let graceSpot = Coordinate(latitude: 41.9470, longitude: -87.6665)

    static let church: [DemoEventTemplate] = [
        .init(title: "Sunday Worship", description: "Traditional and contemporary worship with children's church during the sermon. Coffee and donuts in the fellowship hall afterwards.",
              locationName: "Main Sanctuary", address: graceAddress, coordinate: graceSpot,
              when: .weekly(weekday: 1, hour: 10, minute: 30, minutes: 75), host: "Pastor James Whitfield",
              contact: graceOffice, audience: ["everyone", "families"],
              links: [EventLink(label: "Livestream", url: "https://live.gracecommunity.example.org")],
              exceptions: [.moved(week: 4, hour: 10, minute: 0, title: "Lessons and Carols")], calendar: .services),
        .init(title: "Wednesday Bible Study", description: "Verse-by-verse study through the Gospel of Mark. Bring a Bible; coffee provided.",
              locationName: "Room 204", address: graceAddress, coordinate: graceSpot,
              when: .weekly(weekday: 4, hour: 19, minute: 0, minutes: 90), host: "Elder Ruth Kim",
              contact: graceOffice, audience: ["adults"],
              exceptions: [.cancelled(week: 0)]),
        .init(title: "Youth Group Night", description: "Games, worship and small groups for grades 6–12. Pizza at 6:15.",
              locationName: "Youth Room", address: graceAddress, coordinate: graceSpot,
              when: .weekly(weekday: 6, hour: 18, minute: 30, minutes: 120, everyWeeks: 2), host: "Marcus Bell",
              contact: Contact(name: "Marcus Bell", email: "youth@gracecommunity.example.org", phone: "+1 312 555 0177"),
              audience: ["youth"], calendar: .youth),
        .init(title: "Choir Rehearsal", description: "All voices welcome; no audition needed.", locationName: "Choir Loft",
              address: graceAddress, when: .weekly(weekday: 5, hour: 19, minute: 0, minutes: 90, everyWeeks: 2),
              host: "Diane Foster", contact: graceOffice, audience: ["adults"]),
        .init(title: "Community Thanksgiving Dinner", description: "A free turkey dinner for anyone in the neighborhood. Volunteers: sign up for a shift.",
              locationName: "Fellowship Hall", address: graceAddress, coordinate: graceSpot,
              when: .once(weeksFromNow: 0, weekday: 5, hour: 17, minute: 0, minutes: 150), host: "Outreach Team",
              contact: graceOffice, audience: ["everyone", "neighbors"],
              links: [EventLink(label: "Volunteer sign-up", url: "https://gracecommunity.example.org/serve")], calendar: .outreach),
        .init(title: "Christmas Eve Candlelight Service", description: "Carols, readings and candlelight. Childcare for under-4s.",
              locationName: "Main Sanctuary", address: graceAddress, coordinate: graceSpot,
              when: .once(weeksFromNow: 4, weekday: 5, hour: 18, minute: 0, minutes: 75), host: "Pastor James Whitfield",
              contact: graceOffice, audience: ["everyone", "families"], calendar: .services),
        .init(title: "Women's Winter Retreat", description: "Two days of rest, teaching and prayer at Camp Wonderland. Registration closes two weeks before.",
              locationName: "Camp Wonderland", address: "9050 Camp Rd, Camp Lake, WI 53109",
              coordinate: Coordinate(latitude: 42.5397, longitude: -88.1376),
              when: .allDay(weeksFromNow: 9, weekday: 6, days: 2), host: "Women's Ministry",
              contact: Contact(name: "Grace Women's Ministry", email: "women@gracecommunity.example.org"),
              audience: ["women"], links: [EventLink(label: "Register", url: "https://gracecommunity.example.org/retreat")]),
        .init(title: "Baptism Sunday", description: "Celebrating new believers. Class for candidates the Sunday before.",
              locationName: "Main Sanctuary", address: graceAddress, when: .once(weeksFromNow: -6, weekday: 1, hour: 10, minute: 30, minutes: 90),
              host: "Pastor James Whitfield", contact: graceOffice, audience: ["everyone"], calendar: .services),
        .init(title: "Food Pantry", description: "Groceries for families in need, Tuesdays and Saturdays while supplies last.",
              locationName: "Church Annex", address: "1416 W Addison St, Chicago, IL 60613", coordinate: graceSpot,
              when: .ongoing, host: "Outreach Team", contact: graceOffice, audience: ["neighbors"], calendar: .outreach),
    ]

    static let rivertonOffice = Contact(name: "Community Relations Office", email: "community@riverton.example.gov", phone: "+1 607 555 0110")

    static let city: [DemoEventTemplate] = [
        .init(title: "Riverton Farmers Market", description: "Local growers, bakers and crafters on the riverfront. Scan the market QR code for a passport stamp.",
              locationName: "Riverfront Plaza", address: "100 Front St, Riverton, NY 13501",
              coordinate: Coordinate(latitude: 42.6498, longitude: -73.7524),
              when: .weekly(weekday: 7, hour: 8, minute: 0, minutes: 300, everyWeeks: 2), host: "Riverton Main Street Association",
              contact: rivertonOffice, audience: ["residents", "families"], stampValue: 1,
              exceptions: [.cancelled(week: -5)]),
        .init(title: "Neighborhood Cleanup: East Side", description: "Gloves, bags and grabbers provided. Meet at the pavilion.",
              locationName: "Kemble Park Pavilion", address: "Kemble St & Mohawk St, Riverton, NY",
              coordinate: Coordinate(latitude: 42.6540, longitude: -73.7455),
              when: .once(weeksFromNow: 2, weekday: 7, hour: 9, minute: 0, minutes: 180), host: "Keep Riverton Beautiful",
              contact: rivertonOffice, audience: ["residents", "students"], stampValue: 2),
        .init(title: "Town Hall with the Mayor", description: "Open questions on the 2027 budget. Spanish interpretation available.",
              locationName: "City Hall Council Chambers", address: "1 Kennedy Plaza, Riverton, NY 13502",
              when: .once(weeksFromNow: 1, weekday: 3, hour: 18, minute: 30, minutes: 90), host: "Office of the Mayor",
              contact: rivertonOffice, audience: ["residents"], stampValue: 1,
              links: [EventLink(label: "Submit a question", url: "https://riverton.example.gov/townhall")]),
        .init(title: "Festival of Lights", description: "The downtown tree lighting, ice sculptures and a lantern walk over two evenings.",
              locationName: "Bagg's Square", address: "Bagg's Square, Riverton, NY 13501",
              coordinate: Coordinate(latitude: 42.6520, longitude: -73.7580),
              when: .allDay(weeksFromNow: 3, weekday: 6, days: 2), host: "Riverton Parks & Recreation",
              contact: rivertonOffice, audience: ["residents", "families", "students"], stampValue: 3,
              imageURL: "https://riverton.example.gov/images/festival-of-lights.jpg"),
        .init(title: "Mural Walk", description: "A self-guided walk past fourteen murals downtown. Stamp codes are posted at each mural.",
              locationName: "Downtown Riverton", address: "Genesee St, Riverton, NY 13501",
              coordinate: Coordinate(latitude: 42.6505, longitude: -73.7540), when: .ongoing,
              host: "Riverton Arts Council", contact: rivertonOffice, audience: ["residents", "students"], stampValue: 1),
        .init(title: "Multicultural Food Fair", description: "Dishes from Riverton's Bosnian, Burmese, Dominican and Somali communities.",
              locationName: "Oneida Square", address: "Oneida Square, Riverton, NY 13502",
              when: .once(weeksFromNow: -4, weekday: 7, hour: 11, minute: 0, minutes: 360), host: "Refugee Center",
              contact: rivertonOffice, audience: ["residents", "families"], stampValue: 2),
        .init(title: "Community Resources Fair", description: "Meet housing, health and job-training services in one room.",
              locationName: "Riverton Public Library", address: "303 Genesee St, Riverton, NY 13501",
              when: .once(weeksFromNow: -8, weekday: 4, hour: 15, minute: 0, minutes: 180), host: "Community Relations Office",
              contact: rivertonOffice, audience: ["residents"], stampValue: 1),
        .init(title: "Student Volunteer Orientation", description: "For students earning service hours through the passport program.",
              locationName: "City Hall Room 101", address: "1 Kennedy Plaza, Riverton, NY 13502",
              when: .weekly(weekday: 3, hour: 16, minute: 0, minutes: 60, everyWeeks: 4), host: "Community Relations Office",
              contact: rivertonOffice, audience: ["students"], stampValue: 1),
    ]

    static let ironworks = Contact(name: "Ironworks Front Desk", email: "frontdesk@ironworksgym.example.com", phone: "+1 303 555 0160")
    static let ironworksAddress = "2250 Blake St, Denver, CO 80205"

    static let gym: [DemoEventTemplate] = [
        .init(title: "Saturday Community Workout", description: "A free, all-levels partner workout. Bring a friend who has never been to a gym.",
              locationName: "Main Floor", address: ironworksAddress, coordinate: Coordinate(latitude: 39.7547, longitude: -104.9907),
              when: .weekly(weekday: 7, hour: 9, minute: 0, minutes: 60), host: "Coach Dana Price",
              contact: ironworks, audience: ["members", "guests"],
              exceptions: [.cancelled(week: 3)]),
        .init(title: "Mobility Clinic", description: "Hips, shoulders and ankles: a hands-on clinic with our physical therapist.",
              locationName: "Studio B", address: ironworksAddress,
              when: .weekly(weekday: 3, hour: 18, minute: 30, minutes: 75, everyWeeks: 3), host: "Dr. Sam Okafor, DPT",
              contact: ironworks, audience: ["members"]),
        .init(title: "Nutrition Workshop: Eating for Strength", description: "Protein, planning and the grocery list. Handouts provided.",
              locationName: "Studio A", address: ironworksAddress,
              when: .once(weeksFromNow: 2, weekday: 5, hour: 19, minute: 0, minutes: 60), host: "Priya Natarajan, RD",
              contact: ironworks, audience: ["members"],
              links: [EventLink(label: "Reserve a seat", url: "https://ironworksgym.example.com/workshops")]),
        .init(title: "Holiday Charity 5K", description: "Run or walk along the Platte; proceeds go to the Denver Rescue Mission.",
              locationName: "Confluence Park", address: "2250 15th St, Denver, CO 80202",
              coordinate: Coordinate(latitude: 39.7549, longitude: -105.0077),
              when: .once(weeksFromNow: 3, weekday: 7, hour: 8, minute: 30, minutes: 120), host: "Ironworks Gym",
              contact: ironworks, audience: ["members", "guests", "families"]),
        .init(title: "Winter Powerlifting Meet", description: "Sanctioned meet, two flights a day. Spectators free.",
              locationName: "Main Floor", address: ironworksAddress, when: .allDay(weeksFromNow: 8, weekday: 7, days: 2),
              host: "Coach Dana Price", contact: ironworks, audience: ["members", "guests"]),
        .init(title: "Member Appreciation BBQ", description: "Burgers, veggie burgers and a kettlebell raffle.",
              locationName: "Back Lot", address: ironworksAddress,
              when: .once(weeksFromNow: -7, weekday: 1, hour: 12, minute: 0, minutes: 180), host: "Ironworks Staff",
              contact: ironworks, audience: ["members", "families"]),
    ]

    static let crossroads = Contact(name: "Crossroads Staff", email: "hello@crossroadscampus.example.org", phone: "+1 510 555 0133")

    static let campus: [DemoEventTemplate] = [
        .init(title: "Thursday Large Group", description: "Worship, a talk and late-night tacos. Rides leave the dorms at 7:00.",
              locationName: "Student Union, Room 240", address: "2495 Bancroft Way, Berkeley, CA 94720",
              coordinate: Coordinate(latitude: 37.8691, longitude: -122.2597),
              when: .weekly(weekday: 5, hour: 19, minute: 30, minutes: 120), host: "Crossroads Staff",
              contact: crossroads, audience: ["students"], rideSharing: true,
              exceptions: [.cancelled(week: 3)]),
        .init(title: "Sunday Church Rides", description: "Drivers take students to partner churches; sign up for a seat by Saturday night.",
              locationName: "Unit 3 Dorms, front steps", address: "2400 Durant Ave, Berkeley, CA 94704",
              when: .weekly(weekday: 1, hour: 9, minute: 15, minutes: 180), host: "Crossroads Drivers",
              contact: crossroads, audience: ["students"], rideSharing: true),
        .init(title: "Fall Retreat", description: "Three days at Mount Hermon: speakers, hiking, and a lot of board games.",
              locationName: "Mount Hermon Conference Center", address: "37 Conference Dr, Mount Hermon, CA 95041",
              coordinate: Coordinate(latitude: 37.0510, longitude: -122.0581),
              when: .allDay(weeksFromNow: -5, weekday: 6, days: 3), host: "Crossroads Staff",
              contact: crossroads, audience: ["students"], rideSharing: true,
              links: [EventLink(label: "Packing list", url: "https://crossroadscampus.example.org/retreat")]),
        // Friday 5 pm to Sunday 2 pm: the retreat the demo's ride plan is for (`DemoRides`).
        .init(title: "Winter Retreat", description: "Two nights at Camp Caz by the Russian River: worship, a speaker and the polar plunge.",
              locationName: "Camp Caz", address: "15620 Orchard Rd, Cazadero, CA 95421",
              coordinate: Coordinate(latitude: 38.5327, longitude: -123.0851),
              when: .once(weeksFromNow: 7, weekday: 6, hour: 17, minute: 0, minutes: 45 * 60), host: "Crossroads Staff",
              contact: crossroads, audience: ["students"], rideSharing: true,
              links: [EventLink(label: "Packing list", url: "https://crossroadscampus.example.org/retreat")]),
        .init(title: "Summer Missions Info Night", description: "Hear from last summer's teams in Mexico City, Nairobi and Detroit.",
              locationName: "Student Union, Room 240", address: "2495 Bancroft Way, Berkeley, CA 94720",
              when: .once(weeksFromNow: 5, weekday: 3, hour: 19, minute: 0, minutes: 90), host: "Missions Team",
              contact: crossroads, audience: ["students"],
              links: [EventLink(label: "Apply", url: "https://crossroadscampus.example.org/missions")],
              campus: .berkeley, ministry: .undergraduates),
        .init(title: "Service Day at the Food Bank", description: "Sorting and packing for the Alameda County Community Food Bank.",
              locationName: "ACCFB Warehouse", address: "7900 Edgewater Dr, Oakland, CA 94621",
              when: .once(weeksFromNow: 2, weekday: 7, hour: 9, minute: 0, minutes: 240), host: "Crossroads Staff",
              contact: crossroads, audience: ["students"], rideSharing: true, campus: .oakland),
        .init(title: "Finals Week Study Hall", description: "Quiet study, free coffee and snacks, open late.",
              locationName: "Crossroads House", address: "2601 Channing Way, Berkeley, CA 94704",
              when: .allDay(weeksFromNow: 3, weekday: 2, days: 5), host: "Crossroads Staff",
              contact: crossroads, audience: ["students"], campus: .berkeley, ministry: .graduates),
    ]

    static let mapleDesk = Contact(name: "Maple Street Lending Library", email: "desk@maplestreetlibrary.example.ca", phone: "+1 416 555 0188")
    static let mapleAddress = "58 Maple St, Toronto, ON M4T 1H2"

    static let library: [DemoEventTemplate] = [
        .init(title: "Saturday Story Hour", description: "Picture books and songs for ages 3–7, with a craft after.",
              locationName: "Children's Corner", address: mapleAddress, coordinate: Coordinate(latitude: 43.6889, longitude: -79.3938),
              when: .weekly(weekday: 7, hour: 10, minute: 30, minutes: 60), host: "Mrs. Adeyemi",
              contact: mapleDesk, audience: ["families", "children"],
              exceptions: [.moved(week: 2, hour: 11, minute: 0, title: "Saturday Story Hour: Winter Tales")]),
        .init(title: "Neighbourhood Book Club", description: "This month: \"The Overstory\". Copies are on the lending shelf.",
              locationName: "Reading Room", address: mapleAddress,
              when: .weekly(weekday: 3, hour: 19, minute: 0, minutes: 90, everyWeeks: 4), host: "Tom Reilly",
              contact: mapleDesk, audience: ["adults"]),
        .init(title: "Repair Café", description: "Bring a broken lamp, toaster or jacket; volunteers fix it with you.",
              locationName: "Community Room", address: mapleAddress,
              when: .weekly(weekday: 1, hour: 13, minute: 0, minutes: 180, everyWeeks: 4), host: "Fixers Collective",
              contact: mapleDesk, audience: ["everyone"]),
        .init(title: "Author Talk: Local Histories", description: "Historian Anne Chow on the streetcar suburbs of midtown.",
              locationName: "Reading Room", address: mapleAddress,
              when: .once(weeksFromNow: 1, weekday: 5, hour: 19, minute: 0, minutes: 75), host: "Anne Chow",
              contact: mapleDesk, audience: ["adults"],
              links: [EventLink(label: "RSVP", url: "https://maplestreetlibrary.example.ca/talks")]),
        .init(title: "Seed Library Swap", description: "Take seeds, leave seeds; the drawers by the door are always open.",
              locationName: "Front Hall", address: mapleAddress, when: .ongoing, host: "Garden Circle",
              contact: mapleDesk, audience: ["everyone"]),
        .init(title: "Used Book Sale", description: "Hardcovers $2, paperbacks $1; proceeds buy new children's books.",
              locationName: "Community Room", address: mapleAddress, when: .allDay(weeksFromNow: 6, weekday: 7, days: 2),
              host: "Friends of Maple Street", contact: mapleDesk, audience: ["everyone"]),
        .init(title: "Tech Help for Seniors", description: "Phones, tablets and email, one to one with a volunteer.",
              locationName: "Computer Nook", address: mapleAddress,
              when: .weekly(weekday: 4, hour: 14, minute: 0, minutes: 90, everyWeeks: 2), host: "Volunteer Tech Team",
              contact: mapleDesk, audience: ["seniors"]),
    ]
}
