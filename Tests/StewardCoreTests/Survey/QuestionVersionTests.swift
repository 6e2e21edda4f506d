import Foundation
import Testing
@testable import StewardCore

/// Survey questions: their rules, answers checked against a version, an answered question's
/// edit making the next version, and results kept apart per version.
@Suite("Survey questions and results")
struct QuestionVersionTests {
    static func question(_ type: QuestionKind, options: [String] = [], minimum: Int64? = nil, maximum: Int64? = nil) -> QuestionVersion {
        var fields: [String: JSONValue] = ["prompt": .string("Q"), "type": .string(type.rawValue),
                                           "options": .string(options.joined(separator: "\n"))]
        if let minimum { fields["minimum"] = .int(minimum) }
        if let maximum { fields["maximum"] = .int(maximum) }
        return QuestionVersion(.object(fields), version: 1)!
    }

    @Test("answers are checked against the version's type and options, and kept in one form")
    func answers() throws {
        let heard = Self.question(.singleChoice, options: ["Flyer", "Friend", "Social media"])
        #expect(try AnswerRules.canonical(.string(" friend "), for: heard) == "Friend")
        #expect(throws: AnswerRules.Refusal.self) { try AnswerRules.canonical(.string("Radio"), for: heard) }
        let many = Self.question(.multipleChoice, options: ["Parks", "Library", "Pool"])
        #expect(try AnswerRules.canonical(.array([.string("Pool"), .string("parks")]), for: many) == "Parks\nPool")
        #expect(throws: AnswerRules.Refusal.self) { try AnswerRules.canonical(.array([]), for: many) }
        #expect(try AnswerRules.canonical(.bool(true), for: Self.question(.yesNo)) == "yes")
        #expect(throws: AnswerRules.Refusal.self) { try AnswerRules.canonical(.string("maybe"), for: Self.question(.yesNo)) }
        #expect(try AnswerRules.canonical(.int(4), for: Self.question(.scale)) == "4")
        #expect(throws: AnswerRules.Refusal.self) { try AnswerRules.canonical(.int(6), for: Self.question(.scale)) }
        #expect(try AnswerRules.canonical(.double(3.0), for: Self.question(.number, minimum: 0, maximum: 10)) == "3")
        #expect(throws: AnswerRules.Refusal.self) { try AnswerRules.canonical(.int(11), for: Self.question(.number, minimum: 0, maximum: 10)) }
        #expect(try AnswerRules.canonical(.string("2026-11-24"), for: Self.question(.date)) == "2026-11-24")
        #expect(throws: AnswerRules.Refusal.self) { try AnswerRules.canonical(.string("24/11/2026"), for: Self.question(.date)) }
        #expect(throws: AnswerRules.Refusal.self) { try AnswerRules.canonical(.string("two\nlines"), for: Self.question(.shortText)) }
        #expect(try AnswerRules.canonical(.string(" two\nlines "), for: Self.question(.longText)) == "two\nlines")
    }

    @Test("a choice question needs two options; bounds only where they mean something")
    func rules() {
        func issues(_ fields: [String: JSONValue]) -> [String] {
            do {
                _ = try RecordType.question.validate(.object(fields), orgZone: .gmt)
                return []
            } catch {
                return error.issues.map(\.field)
            }
        }
        #expect(issues(["prompt": .string("Which?"), "type": .string("single-choice"), "options": .string("Only one")]) == ["options"])
        #expect(issues(["prompt": .string("Age?"), "type": .string("short-text"), "minimum": .int(1)]) == ["minimum"])
        #expect(issues(["prompt": .string("Rate"), "type": .string("scale"), "minimum": .int(5), "maximum": .int(1)]) == ["maximum"])
        #expect(issues(["prompt": .string("Rate"), "type": .string("scale")]).isEmpty)
    }

    /// A question with an answer to version 1, as a pull brings the store's answer.
    static func answered(_ f: PassportFixture) async throws -> (question: LocalRecord, member: UUID) {
        let question = try await RecordService(database: f.database).create(.question, fields: .object([
            "prompt": .string("How did you hear about the passport?"), "type": .string("single-choice"),
            "options": .string("Flyer\nFriend"),
        ]), in: f.org)
        let member = try await f.member("Ann Lee")
        try await Self.pulledAnswer(f, question: question.key, version: 1, member: member, value: "Flyer")
        return (question, member)
    }

    static func pulledAnswer(_ f: PassportFixture, question: String, version: Int, member: UUID, value: String) async throws {
        let memberKey = UUIDColumn.encode(member)
        let fields = try RecordType.answer.validate(.object([
            "question": .string(question), "version": .int(Int64(version)), "member": .string(memberKey),
            "value": .string(value), "at": .string(DateTimeText.utc(Date())),
        ]), orgZone: f.org.timeZone)
        let id = UUID(uuidString: AnswerRules.answerId(member: memberKey, question: question, version: version))!
        let record = LocalRecord(entity: RecordType.answer.entity, id: id, orgId: f.org.id, version: 1, fields: fields)
        let org = f.org
        try await f.database.writer.write { db in try RecordType.answer.storage.write(record, org: org, db) }
    }

    @Test("editing an answered question makes a new version; answers keep theirs and results stay apart")
    func versions() async throws {
        let f = try await PassportFixture()
        let service = RecordService(database: f.database)
        let (question, ann) = try await Self.answered(f)
        // Order is not what it asks: no new version.
        let moved = try await service.update(.question, id: question.id, changes: ["position": .int(3)], in: f.org)
        #expect(moved["currentVersion"]?.int64Value == 1)
        let edited = try await service.update(.question, id: question.id,
                                              changes: ["options": .string("Flyer\nFriend\nSocial media")], in: f.org)
        #expect(edited["currentVersion"]?.int64Value == 2)
        #expect(QuestionVersion.all(of: edited.fields).map(\.options) == [["Flyer", "Friend"], ["Flyer", "Friend", "Social media"]])
        // Unanswered, version 2 changes in place.
        let again = try await service.update(.question, id: question.id, changes: ["prompt": .string("Where did you hear of it?")], in: f.org)
        #expect(again["currentVersion"]?.int64Value == 2)

        let bea = try await f.member("Bea Roy")
        try await Self.pulledAnswer(f, question: question.key, version: 2, member: bea, value: "Social media")
        try await Self.pulledAnswer(f, question: question.key, version: 2, member: ann, value: "Friend")
        let results = try await SurveyResults(database: f.database).results(question: question.id, in: f.org)
        #expect(results.map(\.version.version) == [1, 2])
        #expect(results[0].respondents == 1)
        #expect(results[0].counts.map { "\($0.value) \($0.count)" } == ["Flyer 1", "Friend 0"])
        #expect(results[1].counts.map { "\($0.value) \($0.count) \(Int($0.percent))" } == ["Flyer 0 0", "Friend 1 50", "Social media 1 50"])
        #expect(results[1].version.prompt == "Where did you hear of it?")
        #expect(results[1].csv == "value,count,percent\r\nFlyer,0,0.0\r\nFriend,1,50.0\r\nSocial media,1,50.0\r\n")
        let only = try await SurveyResults(database: f.database).results(question: question.id, version: 1, in: f.org)
        #expect(only.count == 1)
        await #expect(throws: ValidationError.self) {
            try await SurveyResults(database: f.database).results(question: question.id, version: 9, in: f.org)
        }
    }
}

/// The city office's survey in the demo.
@Suite("Survey demo")
struct SurveyDemoTests {
    @Test func oneQuestionHasTwoVersionsEachWithItsOwnAnswers() async throws {
        let database = try AppDatabase.inMemory()
        let summary = try DemoDataset(database: database).load(reference: PassportDemoTests.reference)
        let city = try await OrganizationService(database: database).find(slug: "riverton-community")
        let service = RecordService(database: database)
        let questions = try await service.list(.question, in: city)
        let answers = try await service.list(.answer, in: city)
        #expect(summary.surveyRecordsAdded == questions.count + answers.count)
        #expect(Set(questions.compactMap { $0["type"]?.stringValue }).count >= 5)
        let versioned = try #require(questions.first { $0["currentVersion"]?.int64Value == 2 })
        let results = try await SurveyResults(database: database).results(question: versioned.id, in: city)
        #expect(results.map(\.version.version) == [1, 2])
        #expect(results.allSatisfy { $0.respondents > 0 })
        // An answer of version 1 is one of version 1's options; "Social media" came with version 2.
        #expect(results[0].counts.map(\.value) == ["Flyer", "A friend", "The city website"])
        #expect(results[1].counts.map(\.value).contains("Social media"))
        // Every answer fits the version it answered.
        for answer in answers {
            let question = try #require(questions.first { $0.key == answer["question"]?.stringValue })
            let version = try #require(QuestionVersion.version(Int(answer["version"]?.int64Value ?? 0), of: question.fields))
            let value = answer["value"]?.stringValue ?? ""
            let typed: JSONValue = version.kind == .multipleChoice
                ? .array(value.split(separator: "\n").map { .string(String($0)) }) : (version.kind == .yesNo ? .bool(value == "yes") : (version.kind == .scale ? .int(Int64(value) ?? 0) : .string(value)))
            #expect(try AnswerRules.canonical(typed, for: version) == value)
        }
    }
}
