import Foundation
import GRDB

/// Grace Community Church's announcements: a reminder to the volunteers scheduled for the
/// Saturday before the Sunday after next, a draft for the youth retreat, and the snow-day
/// notice the office keeps ready as an urgent draft. None is sent yet: a sent one's report
/// comes from the store, and the demo has none.
enum DemoAnnouncements {
    static func fields(weeks: DemoWeeks) -> [JSONValue] {
        [
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
            .object([
                "title": .string("Service moved to 11:00 because of snow"),
                "body": .string("The roads are icy this morning, so we are holding one service at 11:00 instead of 9:00 and 10:30. Children's church is cancelled. The livestream starts at 11:00 as usual. Stay safe!"),
                "sending": .string("draft"),
                "urgent": .bool(true),
            ]),
        ]
    }
}
