import Foundation

/// Grace Community Church's weekly bulletins around the reference date: past weeks (expired),
/// this week's (live), the next two (published ahead, so scheduled) and one still a draft.
/// Each has three to five sections; which announcements and prayers a week carries comes from
/// a seeded generator, so every load writes the same bulletins.
enum DemoBulletins {
    /// Weeks from the reference week; the last one is left a draft.
    static let weeks = -4...3

    static func fields(weeks calendar: DemoWeeks) -> [JSONValue] {
        weeks.map { week in
            var random = DemoRandom(seed: 0xB0_11E7 &+ UInt64(week + 100))
            let sunday = calendar.sunday(week)
            var sections = [welcome(week: week), thisWeek(&random), prayer(&random)]
            if random.chance(0.6) { sections.append(serve) }
            if random.chance(0.5) { sections.append(giving(week: week)) }
            var fields: [String: JSONValue] = [
                "title": .string("Sunday Worship, \(DemoWeeks.longDate(sunday))"),
                "date": .string(sunday.description),
                "sections": .array(sections),
            ]
            if week < weeks.upperBound {
                // Out on Thursday at noon, off the apps the next Sunday morning.
                fields["publishAt"] = .string(calendar.localTime(sunday, plusDays: -3, hour: 12))
                fields["expireAt"] = .string(calendar.localTime(sunday, plusDays: 7, hour: 6))
            }
            return .object(fields)
        }
    }

    private static func section(_ heading: String, _ body: String, link: (label: String, url: String)? = nil) -> JSONValue {
        .object([
            "heading": .string(heading),
            "body": .string(body),
            "linkLabel": .string(link?.label ?? ""),
            "linkURL": link.map { .string($0.url) } ?? .null,
        ])
    }

    private static func welcome(week: Int) -> JSONValue {
        var body = "Welcome to Grace! Whether this is your first Sunday or your five-hundredth, we are glad you are here."
        if let sermon = DemoSermons.sermon(week: week) {
            let who = sermon.speaker == DemoSermons.pastor ? "Pastor James" : sermon.speaker
            body += " This morning \(who) preaches on \"\(sermon.title)\" (\(sermon.scripture)) in our series \(DemoSermons.seriesTitle(sermon.series))."
        }
        body += " Children from age 4 through 5th grade are dismissed to children's church after the first songs."
        return section("Welcome", body)
    }

    private static func thisWeek(_ random: inout DemoRandom) -> JSONValue {
        var pool = announcements
        var picked: [String] = []
        for _ in 0..<Int.random(in: 2...3, using: &random) {
            picked.append(pool.remove(at: Int.random(in: 0..<pool.count, using: &random)))
        }
        return section("This Week at Grace", picked.joined(separator: "\n\n"))
    }

    private static func prayer(_ random: inout DemoRandom) -> JSONValue {
        section("Prayer", random.pick(prayers)
                + "\n\nThe prayer team meets in Room 110 after the service; requests can also go to prayer@gracecommunity.example.org.")
    }

    private static let serve = section(
        "Serve",
        "Greeters, coffee hosts and nursery helpers each serve one Sunday a month. Training takes twenty minutes after the service, and you can bring a friend.",
        link: ("Volunteer sign-up", "https://gracecommunity.example.org/serve"))

    private static func giving(week: Int) -> JSONValue {
        let percent = 58 + 3 * (week - weeks.lowerBound)
        return section(
            "Giving",
            "Thank you for your generosity. Give in the app, online, or in the boxes at the back of the sanctuary. The Roof & Accessibility Campaign has reached \(percent)% of its goal.",
            link: ("Give online", "https://give.gracecommunity.example.org/general"))
    }

    private static let announcements = [
        "Wednesday Bible Study meets at 7:00 pm in Room 204, working verse by verse through the Gospel of Mark. Coffee provided; bring a Bible.",
        "Youth Group (grades 6–12) meets Friday at 6:30 pm in the Youth Room. Pizza at 6:15; parents, pick-up is at 8:30.",
        "Choir rehearses Thursday at 7:00 pm in the Choir Loft. All voices welcome, no audition needed.",
        "The Food Pantry is low on pasta, peanut butter and canned tuna. Drop donations in the bins by the Annex door on Tuesday or Saturday mornings.",
        "Men's Breakfast is Saturday at 8:00 am in the Fellowship Hall: eggs, pancakes and a short talk from Deacon Ray Alvarez.",
        "Registration for the Women's Winter Retreat at Camp Wonderland is open. Scholarships are available; ask Linda in the office.",
        "New to Grace? Join us for Newcomers' Lunch after the service next Sunday in the Garden Room. Childcare provided.",
        "The church office is open Monday to Thursday, 9:00 am to 4:00 pm. Call (312) 555-0142 or write office@gracecommunity.example.org.",
    ]

    private static let prayers = [
        "Please pray for the Alvarez family as they welcome baby Sofia, and for Maria's recovery.",
        "Pray for our partners at Lakeview Refugee Services as three families arrive in Chicago this month.",
        "Pray for students sitting exams and for teachers at the end of a long term.",
        "Pray for the family of Harold Jensen, who went home to the Lord this week after 92 years. The memorial service is Saturday at 11:00 am.",
        "Pray for our sister congregation in Kisumu, Kenya, and for the clinic they are opening in the new year.",
        "Pray for those looking for work, and for the job-seekers' group that meets Tuesday evenings.",
    ]
}
