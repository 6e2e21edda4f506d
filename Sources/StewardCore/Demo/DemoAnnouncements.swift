import Foundation
import GRDB

/// Grace Community Church's announcements around the reference date: last Sunday's snow notice
/// (sent, urgent, with the report the store sent back), Saturday's reminder to the volunteers
/// (scheduled for the Saturday before the Sunday after next) and a draft for the youth retreat.
enum DemoAnnouncements {
    static func fields(weeks: DemoWeeks) -> [JSONValue] {
        [
            .object([
                "title": .string("Service moved to 11:00 because of snow"),
                "body": .string("The roads are icy this morning, so we are holding one service at 11:00 instead of 9:00 and 10:30. Children's church is cancelled. The livestream starts at 11:00 as usual. Stay safe!"),
                "sending": .string("scheduled"),
                "sendAt": .string(weeks.localTime(weeks.sunday(-1), hour: 6, minute: 30)),
                "urgent": .bool(true),
            ]),
            .object([
                "title": .string("Serve Day is tomorrow"),
                "body": .string("Thank you for serving! Meet in the fellowship hall at 8:30 for coffee and your team assignment. Wear clothes that can get dirty."),
                "audience": .array([.string("volunteers")]),
                "link": .string("https://gracecommunity.example.org/serve"),
                "sending": .string("scheduled"),
                "sendAt": .string(weeks.localTime(weeks.sunday(2), plusDays: -1, hour: 18)),
            ]),
            .object([
                "title": .string("Youth retreat sign-ups are open"),
                "body": .string("Grades 6–12: the winter retreat at Camp Pinecrest is January 15–17. Sign up by December 20; scholarships are available."),
                "audience": .array([.string("youth"), .string("parents")]),
                "sending": .string("draft"),
            ]),
        ]
    }

    /// What the store reported for the sent one, stored as a sync would store it (no outbox:
    /// the console never sends a report).
    static func report(sentAt: String) -> JSONValue {
        .object([
            "devices": .int(214), "delivered": .int(207), "failed": .int(3), "removed": .int(4), "pending": .int(0),
            "sentAt": .string(sentAt),
        ])
    }
}
