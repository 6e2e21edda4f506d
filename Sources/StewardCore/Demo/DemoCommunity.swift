import Foundation
import GRDB

/// The city office's community section: its resources page and about page, and map pins of
/// places members ask about. Stored as a sync brings them.
enum DemoCommunity {
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .cityOffice else { return 0 }
        var store = DemoPassport.PulledRecords(org: org, reference: reference, db: db, version: 7_000)
        try store.write(.communityPage, .object([
            "kind": .string("resources"), "title": .string("Community Resources"),
            "body": .string("""
                # Help close to home
                Riverton's offices and partners, **free of charge** for residents and students.

                ## Food
                The Eastside Food Pantry opens Tuesday to Saturday. See [the pantry's hours](https://pantry.riverton.example.org/hours).

                ## Getting around
                Buses run every 15 minutes on weekdays: [routes and times](https://transit.riverton.example.gov).
                """),
        ]))
        try store.write(.communityPage, .object([
            "kind": .string("about"), "title": .string("About the Passport"),
            "body": .string("""
                # The Riverton Passport
                Collect a stamp at every community event: **7 stamps** make bronze, 10 silver and 15 gold.

                Questions? Write to [the community office](https://riverton.example.gov/community).
                """),
        ]))
        let pins: [(String, String, String, String, String, String)] = [
            ("Eastside Food Pantry", "Food", "212 Elm St", "42.6531", "-73.7480", "Tuesday to Saturday, 10 to 4. Bring a bag."),
            ("Riverton Public Library", "Learning", "1 Library Plaza", "42.6511", "-73.7557", "Free wifi, study rooms, passport events."),
            ("Northside Health Clinic", "Health", "88 Clinton Ave", "42.6610", "-73.7601", "Walk-in hours every weekday morning."),
            ("Riverside Community Garden", "Outdoors", "River Rd & 3rd St", "42.6472", "-73.7498", "Plots for residents; volunteer days on Saturdays."),
        ]
        for (name, category, address, latitude, longitude, description) in pins {
            try store.write(.mapPin, .object([
                "name": .string(name), "category": .string(category), "address": .string(address),
                "latitude": .string(latitude), "longitude": .string(longitude), "description": .string(description),
            ]))
        }
        return store.added
    }
}
