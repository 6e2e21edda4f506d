import Foundation
import GRDB

/// The campus ministry's own content for its app: its ministry teams, community groups,
/// summer missions and resources (some for group leaders only), and "get involved" leads in
/// every state, made as staff make them (waiting in the outbox).
enum DemoMinistry {
    static let teams: [(name: String, purpose: String, leader: String, contact: String, meets: String, open: Bool)] = [
        ("Worship Team", "Musicians and singers who lead the Thursday gathering.", "Daniel Okafor", "daniel.okafor@crossroads.example",
         "Thursdays 17:30, Chapel", true),
        ("Hospitality", "Greeters, coffee and the welcome table for newcomers.", "Mei Lin", "+1 805 555 0113",
         "Thursdays 18:15, Student Union lobby", true),
        ("Outreach", "Serving meals downtown and running the campus food drive.", "Jordan Reyes", "jordan.reyes@crossroads.example",
         "Saturdays 9:00, Food Bank", true),
        ("Media", "Photos, slides and the livestream of the weekly meeting.", "Priya Shah", "priya.shah@crossroads.example",
         "Tuesdays 19:00, Room 204", false),
        ("Prayer Team", "Praying for the campus and for requests sent through the app.", "Grace Kim", "+1 805 555 0178",
         "Mondays 7:30, Chapel", true),
    ]

    static let groups: [(name: String, leader: String, contact: String, day: String, time: String, place: String,
                         audience: String, capacity: Int64)] = [
        ("North Campus Women", "Hannah Wells", "hannah.wells@crossroads.example", "tuesday", "19:30", "Sierra Madre Hall lounge",
         "Women, all years", 12),
        ("Engineering Guys", "Marcus Bell", "+1 805 555 0190", "wednesday", "20:00", "Engineering West 112", "Men in engineering", 10),
        ("Freshmen Mixed", "Sofia Alvarez", "sofia.alvarez@crossroads.example", "monday", "19:00", "Yosemite Hall 3rd floor",
         "First-year students", 15),
        ("Grad Students", "Samuel Adeyemi", "samuel.adeyemi@crossroads.example", "thursday", "12:00", "Library room 3",
         "Graduate students", 8),
        ("Off-Campus Families", "Ruth and Ben Carter", "+1 805 555 0124", "sunday", "17:00", "The Carters' home, 14 Foothill Blvd",
         "Married students and families", 20),
    ]

    static let resources: [(title: String, kind: String, url: String, summary: String, leadersOnly: Bool)] = [
        ("Why Community Matters", "article", "https://crossroads.example/read/why-community",
         "A short read on why we meet in small groups, and how to find one.", false),
        ("Welcome Night 2026", "video", "https://videos.crossroads.example/welcome-night", "The welcome night's talk, 24 minutes.", false),
        ("Reading the Bible Together", "article", "https://crossroads.example/read/reading-together",
         "Three simple ways to read a passage as a group.", false),
        ("Leading Your First Discussion", "leaders-guide", "https://crossroads.example/leaders/first-discussion",
         "Opening questions, keeping everyone talking, and ending on time.", true),
        ("Caring for Someone in Crisis", "leaders-guide", "https://crossroads.example/leaders/crisis",
         "When to listen, when to refer, and the campus numbers to call.", true),
        ("Group Leader Training, Fall", "video", "https://videos.crossroads.example/leader-training-fall",
         "The fall training session for group leaders.", true),
    ]

    static let leads: [(name: String, contact: String, interests: String, availability: String, state: LeadState, group: Int?)] = [
        ("Ava Thompson", "ava.thompson@calpoly.example", "small group, worship team", "weekday evenings", .new, nil),
        ("Liam Nguyen", "+1 805 555 0201", "small group", "Tuesdays and Thursdays", .new, nil),
        ("Chloe Martin", "chloe.martin@calpoly.example", "outreach", "Saturday mornings", .new, nil),
        ("Noah Patel", "noah.patel@calpoly.example", "small group for engineers", "Wednesday nights", .new, nil),
        ("Emma Rossi", "+1 805 555 0244", "summer missions", "after 6 pm", .new, nil),
        ("Ethan Brooks", "ethan.brooks@calpoly.example", "small group", "Monday evenings", .contacted, 2),
        ("Isabella Cruz", "isabella.cruz@calpoly.example", "women's group, prayer", "Tuesday evenings", .contacted, 0),
        ("Lucas Meyer", "+1 805 555 0263", "grad student group", "lunchtimes", .contacted, 3),
        ("Mia Johnson", "mia.johnson@calpoly.example", "small group, hospitality", "Tuesday nights", .joined, 0),
        ("Oliver Wright", "oliver.wright@calpoly.example", "engineering group", "Wednesdays", .joined, 1),
        ("Amelia Scott", "+1 805 555 0288", "family group", "Sunday afternoons", .joined, 4),
        ("James Lee", "james.lee@calpoly.example", "just exploring", "weekends", .notInterested, nil),
        ("Harper Davis", "harper.davis@calpoly.example", "worship team", "Thursdays", .notInterested, 2),
    ]

    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .campusMinistry else { return 0 }
        var added = 0
        @discardableResult
        func save(_ type: RecordType, _ fields: [String: JSONValue]) throws -> UUID {
            let record = LocalRecord(entity: type.entity, orgId: org.id,
                                     fields: try type.validate(.object(fields), orgZone: org.timeZone))
            try RecordWrites.save(record, previous: nil, org: org, db)
            added += 1
            return record.id
        }
        for team in teams {
            try save(.ministryTeam, ["name": .string(team.name), "purpose": .string(team.purpose), "leader": .string(team.leader),
                                     "contact": .string(team.contact), "meets": .string(team.meets), "openToNew": .bool(team.open)])
        }
        var groupIds: [UUID] = []
        for group in groups {
            groupIds.append(try save(.communityGroup, [
                "name": .string(group.name), "leader": .string(group.leader), "leaderContact": .string(group.contact),
                "meetingDay": .string(group.day), "meetingTime": .string(group.time), "place": .string(group.place),
                "audience": .string(group.audience), "capacity": .int(group.capacity)]))
        }
        // Next summer's missions, whatever the day the demo is loaded.
        let today = LocalDate(reference, in: org.timeZone)
        let summer = LocalDate(year: today.year + 1, month: 6, day: 15)
        let missions: [(name: String, location: String, leaders: String, start: Int, days: Int, description: String)] = [
            ("Summer in Guatemala", "Antigua, Guatemala", "Daniel Okafor, Mei Lin", 0, 18,
             "Building classrooms with a local church and running a kids' camp in the afternoons."),
            ("Inner City Los Angeles", "Los Angeles, California", "Jordan Reyes", 14, 10,
             "Serving with shelters and after-school programmes in South LA."),
            ("Students in Thailand", "Chiang Mai, Thailand", "Grace Kim, Samuel Adeyemi", 28, 28,
             "Teaching English conversation and meeting university students."),
        ]
        for mission in missions {
            let start = summer.adding(days: mission.start)
            try save(.mission, [
                "name": .string(mission.name), "description": .string(mission.description),
                "imageURL": .string("https://crossroads.example/missions/\(mission.name.lowercased().replacingOccurrences(of: " ", with: "-")).jpg"),
                "startDate": .string(start.description), "endDate": .string(start.adding(days: mission.days - 1).description),
                "location": .string(mission.location), "leaders": .string(mission.leaders),
                "howToApply": .string("Fill in the application in the app, then meet one of the leaders. A $200 deposit holds your place."),
                "applyBy": .string(start.adding(days: -75).description)])
        }
        for resource in resources {
            try save(.ministryResource, ["title": .string(resource.title), "kind": .string(resource.kind), "url": .string(resource.url),
                                         "summary": .string(resource.summary), "leadersOnly": .bool(resource.leadersOnly)])
        }
        for (index, lead) in leads.enumerated() {
            let received = reference.addingTimeInterval(-Double(index) * 26 * 3600 - 3 * 3600)
            try save(.lead, ["name": .string(lead.name), "contact": .string(lead.contact), "interests": .string(lead.interests),
                             "availability": .string(lead.availability), "state": .string(lead.state.rawValue),
                             "group": lead.group.map { .string(groupIds[$0].uuidString.lowercased()) } ?? .null,
                             "receivedAt": .string(DateTimeText.utc(received))])
        }
        return added
    }
}
