import Foundation
import Testing
@testable import StewardCore

/// The passport's insights: per event and per host, by month, and stamps per survey answer,
/// from the ledger with revoked entries counting for nothing.
@Suite("Passport insights")
struct PassportInsightsTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static func day(_ text: String) -> Date { DateTimeText.parseUTC(text)! }

    static let events = [
        PassportInsights.EventInfo(id: "fair", title: "Food Fair", host: "Refugee Center", startsAt: day("2026-03-14T15:00"), givesStamps: true),
        PassportInsights.EventInfo(id: "walk", title: "Mural Walk", host: "Arts Council", startsAt: nil, givesStamps: true),
        PassportInsights.EventInfo(id: "band", title: "Concert", host: "Arts Council", startsAt: day("2026-06-01T23:00"), givesStamps: true),
        PassportInsights.EventInfo(id: "quiet", title: "Quiet Talk", host: "", startsAt: day("2026-06-02T23:00"), givesStamps: true),
    ]

    /// Ann: fair (check-in, 2) and walk (check-in, 1); Bo: fair (granted, 2), band (check-in,
    /// revoked) and walk (check-in, 1); Cy: band (check-in, 1).
    static func entries() -> [StampEntry] {
        let revoked = StampEntry(member: "bo", event: "band", stamps: 1, kind: .checkIn, by: "member:bo", at: day("2026-06-01T23:30"), note: "")
        return [
            StampEntry(member: "ann", event: "fair", stamps: 2, kind: .checkIn, by: "member:ann", at: day("2026-03-14T16:00"), note: ""),
            StampEntry(member: "ann", event: "walk", stamps: 1, kind: .checkIn, by: "member:ann", at: day("2026-04-02T12:00"), note: ""),
            StampEntry(member: "bo", event: "fair", stamps: 2, kind: .grant, by: "staff", at: day("2026-03-15T12:00"), note: "Paper sheet"),
            revoked,
            StampEntry(member: "bo", event: "band", stamps: -1, kind: .revoke, by: "staff", at: day("2026-06-03T12:00"),
                       note: "Not there", reverses: revoked.key),
            StampEntry(member: "bo", event: "walk", stamps: 1, kind: .checkIn, by: "member:bo", at: day("2026-06-05T12:00"), note: ""),
            StampEntry(member: "cy", event: "band", stamps: 1, kind: .checkIn, by: "member:cy", at: day("2026-06-01T23:40"), note: ""),
        ]
    }

    static let question: (id: String, fields: JSONValue) = ("q", .object([
        "prompt": .string("How did you hear of it?"), "type": .string("single-choice"),
        "options": .string("Flyer\nA friend\nRadio"), "currentVersion": .int(2),
        "earlierVersions": .array([.object(["version": .int(1), "prompt": .string("Heard of it from?"),
                                            "type": .string("single-choice"), "options": .string("Flyer\nA friend")])]),
    ]))

    static func answer(_ member: String, _ value: String, version: Int = 2, question: String = "q") -> JSONValue {
        .object(["question": .string(question), "version": .int(Int64(version)), "member": .string(member), "value": .string(value)])
    }

    static func insights(answers: [JSONValue] = [], questions: [(id: String, fields: JSONValue)] = [question]) -> PassportInsights {
        PassportInsights(entries: entries(), events: events, questions: questions, answers: answers, timeZone: zone)
    }

    @Test("per event: check-ins and grants that still count, revocations apart; most stamps first")
    func perEvent() {
        let figures = Self.insights()
        #expect(figures.events.map(\.event) == ["fair", "walk", "band", "quiet"])
        let fair = figures.events[0], walk = figures.events[1], band = figures.events[2], quiet = figures.events[3]
        #expect((fair.checkIns, fair.grants, fair.revoked, fair.stamps) == (1, 1, 0, 4))
        #expect((walk.checkIns, walk.grants, walk.revoked, walk.stamps) == (2, 0, 0, 2))
        #expect((band.checkIns, band.grants, band.revoked, band.stamps) == (1, 0, 1, 1))
        #expect((quiet.checkIns, quiet.stamps) == (0, 0), "an event that gives stamps shows, at zero")
        #expect((figures.checkIns, figures.stamps, figures.members) == (4, 7, 3))
    }

    @Test("per host: events added up, each member once however many of its events they came to")
    func perHost() {
        let hosts = Self.insights().hosts
        #expect(hosts.map(\.host) == ["Refugee Center", "Arts Council", ""])
        let arts = hosts[1]
        #expect((arts.events, arts.checkIns, arts.stamps, arts.members) == (2, 3, 3, 3))
        #expect(hosts[0].members == 2)
        #expect(hosts[2].events == 1 && hosts[2].stamps == 0)
    }

    @Test("by month in the organization's time zone, months without stamps kept at zero")
    func byMonth() {
        let months = Self.insights().months
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone
        #expect(months.map { calendar.component(.month, from: $0.start) } == [3, 4, 5, 6])
        #expect(months.map(\.stamps) == [4, 1, 0, 2])
        #expect(months.map(\.checkIns) == [1, 1, 0, 2])
        // The concert's check-ins at 23:00 UTC on 1 June are 1 June in New York, still June; a
        // check-in at 02:00 UTC on 1 April would be 31 March there.
        let early = PassportInsights(entries: [StampEntry(member: "x", event: "walk", stamps: 1, kind: .checkIn, by: "",
                                                          at: Self.day("2026-04-01T02:00"), note: "")],
                                     events: [], questions: [], answers: [], timeZone: Self.zone)
        #expect(early.months.map { calendar.component(.month, from: $0.start) } == [3])
    }

    @Test("stamps per answer: each version apart, every option listed, text questions left out")
    func perAnswer() {
        let text: (id: String, fields: JSONValue) = ("t", .object(["prompt": .string("Anything else?"), "type": .string("long-text")]))
        let several: (id: String, fields: JSONValue) = ("m", .object(["prompt": .string("Which?"), "type": .string("multiple-choice"),
                                                                     "options": .string("Music\nFood")]))
        let figures = Self.insights(answers: [Self.answer("ann", "Flyer"), Self.answer("bo", "Flyer"), Self.answer("cy", "Radio"),
                                              Self.answer("ann", "A friend", version: 1),
                                              Self.answer("ann", "Music\nFood", version: 1, question: "m"), Self.answer("cy", "Food", version: 1, question: "m"),
                                              Self.answer("ann", "Hello", question: "t")],
                                    questions: [Self.question, text, several])
        #expect(figures.questions.map { "\($0.question) v\($0.version)" } == ["m v1", "q v1", "q v2"])
        let current = figures.questions[2]
        #expect(current.answers.map(\.value) == ["Flyer", "A friend", "Radio"])
        // Ann holds 3 stamps, Bo 3 (the revoked one gone), Cy 1.
        #expect(current.answers.map(\.members) == [2, 0, 1])
        #expect(current.answers.map(\.stamps) == [6, 0, 1])
        #expect(current.answers.map(\.average) == [3, 0, 1])
        let first = figures.questions[1]
        #expect(first.prompt == "Heard of it from?")
        #expect(first.answers.map(\.members) == [0, 1])
        let music = figures.questions[0]
        #expect(music.answers.map(\.members) == [1, 2], "a member who chose both counts under each")
        #expect(music.answers.map(\.stamps) == [3, 4])
    }

    @Test("the demo's city office: a year of months, hosts and both versions of the edited question")
    func demo() async throws {
        let database = try AppDatabase.inMemory()
        _ = try DemoDataset(database: database).load(reference: PassportDemoTests.reference)
        let city = try await OrganizationService(database: database).find(slug: "riverton-community")
        let insights = try await PassportInsights.load(city, database: database)
        let entries = try await StampLedger(database: database).entries(in: city)
        let totals = StampTotals(entries)
        #expect(insights.stamps == totals.byMember.values.reduce(0) { $0 + $1.stamps })
        #expect(insights.checkIns == StampTotals.live(entries).filter { $0.kind == .checkIn }.count)
        #expect(insights.months.count >= 12)
        #expect(insights.months.reduce(0) { $0 + $1.stamps } == insights.stamps)
        #expect(insights.events.reduce(0) { $0 + $1.stamps } == insights.stamps)
        #expect(insights.hosts.count >= 6)
        #expect(insights.events.contains { $0.revoked > 0 })
        let heard = insights.questions.filter { $0.prompt == "How did you hear about the passport?" }
        #expect(heard.map(\.version) == [1, 2])
        #expect(heard.allSatisfy { $0.answers.contains { $0.members > 0 && $0.stamps > 0 } })
    }
}
