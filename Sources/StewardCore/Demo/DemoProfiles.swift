import Foundation
import GRDB

/// Each demo organization's profile, its home in the apps: the church's with its Advent banner
/// showing now, a Christmas one still to come and last month's gone, and its Sunday times.
enum DemoProfiles {
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        var store = DemoPassport.PulledRecords(org: org, reference: reference, db: db, version: 8_000)
        try store.write(.profile, profile(for: org, reference: reference))
        return store.added
    }

    private static func at(_ reference: Date, days: Double) -> JSONValue {
        .string(DateTimeText.utc(reference.addingTimeInterval(days * 86_400)))
    }

    private static func time(_ day: String, _ start: String, _ end: String, _ label: String) -> JSONValue {
        .object(["day": .string(day), "start": .string(start), "end": .string(end), "label": .string(label)])
    }

    private static func banner(_ image: String, link: String?, title: String, from: JSONValue, until: JSONValue) -> JSONValue {
        .object(["image": .string(image), "link": link.map(JSONValue.string) ?? .null, "title": .string(title),
                 "showFrom": from, "showUntil": until])
    }

    static func profile(for org: Organization, reference: Date) -> JSONValue {
        var fields: [String: JSONValue] = ["displayName": .string(org.name)]
        switch org.kind {
        case .church:
            fields["logo"] = .string("https://grace.example.org/media/logo.png")
            fields["welcome"] = .string("""
                # Welcome home
                Wherever you are on your journey, **there is a place for you** at Grace.

                New here? [Plan your visit](https://grace.example.org/visit) and we will save you a seat.
                """)
            fields["banners"] = .array([
                banner("https://grace.example.org/media/advent-banner.jpg", link: "https://grace.example.org/advent",
                       title: "Advent: Waiting Well", from: at(reference, days: -7), until: at(reference, days: 21)),
                banner("https://grace.example.org/media/christmas-eve.jpg", link: "https://grace.example.org/christmas",
                       title: "Christmas Eve candlelight services", from: at(reference, days: 21), until: at(reference, days: 28)),
                banner("https://grace.example.org/media/harvest.jpg", link: nil,
                       title: "Harvest supper", from: at(reference, days: -40), until: at(reference, days: -10)),
            ])
            fields["times"] = .array([time("sunday", "09:00", "10:15", "Early worship"),
                                      time("sunday", "10:30", "12:00", "Morning worship"),
                                      time("wednesday", "19:00", "20:30", "Midweek prayer")])
            fields["address"] = .string("400 Main St, Springfield, IL 62701")
            fields["latitude"] = .double(39.7990)
            fields["longitude"] = .double(-89.6440)
            fields["phone"] = .string("+1 217 555 0140")
            fields["email"] = .string("office@grace.example.org")
            fields["website"] = .string("https://grace.example.org")
            fields["facebook"] = .string("https://www.facebook.com/gracecommunity")
            fields["instagram"] = .string("https://www.instagram.com/gracecommunity")
            fields["youtube"] = .string("https://www.youtube.com/@gracecommunity")
        case .cityOffice:
            fields["welcome"] = .string("""
                # Riverton, together
                Events, services and the **Riverton Passport**, all in one place.
                """)
            fields["times"] = .array([time("monday", "08:30", "16:30", "Office hours"),
                                      time("friday", "08:30", "15:00", "Office hours")])
            fields["address"] = .string("1 City Hall Plaza, Riverton, NY 12207")
            fields["latitude"] = .double(42.6526)
            fields["longitude"] = .double(-73.7562)
            fields["phone"] = .string("+1 518 555 0100")
            fields["email"] = .string("community@riverton.example.gov")
            fields["website"] = .string("https://riverton.example.gov/community")
            fields["x"] = .string("https://x.com/rivertoncity")
        case .gym:
            fields["welcome"] = .string("Strong together. **First class free** for new members.")
            fields["times"] = .array([time("monday", "05:30", "22:00", "Open gym"),
                                      time("saturday", "07:00", "18:00", "Open gym")])
            fields["address"] = .string("77 Forge Ave, Denver, CO 80202")
            fields["phone"] = .string("+1 303 555 0177")
            fields["website"] = .string("https://ironworks.example.com")
            fields["instagram"] = .string("https://instagram.com/ironworksgym")
            fields["tiktok"] = .string("https://www.tiktok.com/@ironworksgym")
        case .campusMinistry:
            fields["welcome"] = .string("Faith, friends and free rides to Sunday services.")
            fields["times"] = .array([time("thursday", "19:30", "21:00", "Large group")])
            fields["email"] = .string("hello@crossroads.example.edu")
            fields["instagram"] = .string("https://www.instagram.com/crossroadscampus")
        case .library:
            fields["welcome"] = .string("Borrow a book, leave a book. **No late fees**, ever.")
            fields["times"] = .array([time("saturday", "10:00", "14:00", "Open")])
            fields["address"] = .string("12 Maple Street, Toronto, ON")
        }
        return .object(fields)
    }
}
