import Foundation
import GRDB

/// The campus ministry's own content for its app: its ministry teams, community groups,
/// summer missions and resources (some for group leaders only), and "get involved" leads in
/// every state with their questionnaire's answers, the groups saying whom they suit so that
/// suggestions mean something, made as staff make them (waiting in the outbox).
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

    /// What suggests each group for a lead (`LeadSuggestions`), by the group's place in `groups`:
    /// who it is for, its area, the interests it suits and how many come now.
    static let groupMatching: [(gender: String?, years: [String], area: String, topics: [String], members: Int64)] = [
        ("women", [], "North Campus", ["bible study", "prayer"], 7),
        ("men", [], "South Campus", ["engineers", "bible study"], 7),
        (nil, ["freshman"], "North Campus", ["bible study", "friendship"], 9),
        (nil, ["grad"], "", ["faith and work"], 6),
        (nil, [], "Off Campus", ["family", "parenting"], 12),
    ]

    /// The topics of each team, by its place in `teams`.
    static let teamTopics: [[String]] = [["worship", "music", "singing"], ["hospitality", "welcome"],
                                         ["outreach", "food drive"], ["media", "photography"], ["prayer"]]

    /// The questionnaire's answers of the leads, by name: gender, year, area, free days and times.
    static let answers: [String: (gender: String, year: String, area: String, days: [String], times: [String])] = [
        "Ava Thompson": ("woman", "sophomore", "North Campus", ["tuesday", "thursday"], ["evening"]),
        "Liam Nguyen": ("man", "freshman", "North Campus", ["tuesday", "thursday"], ["evening"]),
        "Chloe Martin": ("woman", "junior", "South Campus", ["saturday"], ["morning"]),
        "Noah Patel": ("man", "sophomore", "South Campus", ["wednesday"], ["evening"]),
        "Emma Rossi": ("woman", "senior", "Off Campus", ["monday", "tuesday", "wednesday", "thursday", "friday"], ["evening"]),
        "Ethan Brooks": ("man", "freshman", "North Campus", ["monday"], ["evening"]),
        "Isabella Cruz": ("woman", "junior", "North Campus", ["tuesday"], ["evening"]),
        "Lucas Meyer": ("man", "grad", "", ["monday", "tuesday", "wednesday", "thursday", "friday"], ["afternoon"]),
        "Mia Johnson": ("woman", "sophomore", "North Campus", ["tuesday"], ["evening"]),
        "Oliver Wright": ("man", "junior", "South Campus", ["wednesday"], ["evening"]),
        "Amelia Scott": ("woman", "grad", "Off Campus", ["sunday"], ["afternoon"]),
        "Harper Davis": ("woman", "freshman", "North Campus", ["thursday"], ["evening"]),
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
        ("Ava Thompson", "ava.thompson@calpoly.example", "small group, bible study, worship team", "weekday evenings", .new, nil),
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

    /// The campus and ministry some resources concern (`DemoCampuses`), by title; the others
    /// concern everyone.
    static let resourceTags: [String: (campus: DemoCampuses.Campus?, ministry: DemoCampuses.Ministry?)] = [
        "Welcome Night 2026": (.berkeley, .undergraduates),
        "Why Community Matters": (nil, .international),
    ]

    static func add(for org: Organization, reference: Date, campuses: DemoCampuses.Ids = DemoCampuses.Ids(), _ db: Database) throws -> Int {
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
        for (index, team) in teams.enumerated() {
            try save(.ministryTeam, ["name": .string(team.name), "purpose": .string(team.purpose), "leader": .string(team.leader),
                                     "contact": .string(team.contact), "meets": .string(team.meets), "openToNew": .bool(team.open),
                                     "topics": .array(teamTopics[index].map(JSONValue.string))])
        }
        var groupIds: [UUID] = []
        for (group, matching) in zip(groups, groupMatching) {
            groupIds.append(try save(.communityGroup, [
                "name": .string(group.name), "leader": .string(group.leader), "leaderContact": .string(group.contact),
                "meetingDay": .string(group.day), "meetingTime": .string(group.time), "place": .string(group.place),
                "audience": .string(group.audience), "capacity": .int(group.capacity), "members": .int(matching.members),
                "gender": matching.gender.map(JSONValue.string) ?? .null, "years": .array(matching.years.map(JSONValue.string)),
                "area": .string(matching.area), "topics": .array(matching.topics.map(JSONValue.string))]))
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
            var fields: [String: JSONValue] = ["title": .string(resource.title), "kind": .string(resource.kind), "url": .string(resource.url),
                                               "summary": .string(resource.summary), "leadersOnly": .bool(resource.leadersOnly)]
            if let tags = resourceTags[resource.title] {
                if tags.campus != nil { fields[CampusTags.campusField] = .string(campuses.tag(tags.campus)) }
                if tags.ministry != nil { fields[CampusTags.ministryField] = .string(campuses.tag(tags.ministry)) }
            }
            try save(.ministryResource, fields)
        }
        for (index, lead) in leads.enumerated() {
            let received = reference.addingTimeInterval(-Double(index) * 26 * 3600 - 3 * 3600)
            var fields: [String: JSONValue] = [
                "name": .string(lead.name), "contact": .string(lead.contact), "interests": .string(lead.interests),
                "availability": .string(lead.availability), "state": .string(lead.state.rawValue),
                "group": lead.group.map { .string(groupIds[$0].uuidString.lowercased()) } ?? .null,
                "receivedAt": .string(DateTimeText.utc(received))]
            if let answer = answers[lead.name] {
                fields["gender"] = .string(answer.gender)
                fields["year"] = .string(answer.year)
                fields["area"] = .string(answer.area)
                fields["freeDays"] = .array(answer.days.map(JSONValue.string))
                fields["freeTimes"] = .array(answer.times.map(JSONValue.string))
            }
            try save(.lead, fields)
        }
        return added
    }
}
