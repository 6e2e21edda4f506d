import Foundation
import GRDB

/// The city office's first-sign-in survey: questions of several types for everyone, students
/// and residents, one of them edited after members answered (so it has two versions, each
/// with its own answers), and the passport members' answers. Stored as a sync brings them.
enum DemoSurvey {
    /// Adds them inside the caller's transaction, after the passport's members; answers how
    /// many records.
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .cityOffice else { return 0 }
        var store = DemoPassport.PulledRecords(org: org, reference: reference, db: db, version: 6_000)
        let emails = Set(DemoPassport.people.map(\.email))
        let members = try RecordService.live(.member, org: org, db)
            .filter { emails.contains($0["email"]?.stringValue ?? "") }
            .sorted { ($0["email"]?.stringValue ?? "") < ($1["email"]?.stringValue ?? "") }
        var random = DemoRandom(seed: 4_242)
        for (position, question) in questions.enumerated() {
            var fields = question.fields
            fields["position"] = .int(Int64(position))
            let id = try store.write(.question, .object(fields))
            let versions = QuestionVersion.all(of: .object(fields))
            for (index, member) in members.enumerated() {
                let audience = fields["audience"]?.stringValue.flatMap(QuestionAudience.init(rawValue:)) ?? .everyone
                guard audience.includes(memberAudience: member["audience"]?.stringValue), random.chance(0.85) else { continue }
                // The first members to sign in met the first version; the later ones the current.
                let version = versions.count > 1 && index < members.count / 2 ? versions[0] : versions[versions.count - 1]
                guard let value = try? AnswerRules.canonical(question.answer(version, &random), for: version) else { continue }
                let at = reference.addingTimeInterval(-Double(version.version == versions.last?.version ? 20 : 160) * 86_400
                                                      - Double(Int.random(in: 0..<(10 * 86_400), using: &random)))
                let fields: JSONValue = .object([
                    "question": .string(id), "version": .int(Int64(version.version)), "member": .string(member.key),
                    "value": .string(value), "at": .string(DateTimeText.utc(at)),
                ])
                try store.write(.answer, fields, id: UUID(uuidString: AnswerRules.answerId(member: member.key, question: id,
                                                                                             version: version.version))!)
            }
        }
        return store.added
    }

    struct Question: Sendable {
        var fields: [String: JSONValue]
        var answer: @Sendable (QuestionVersion, inout DemoRandom) -> JSONValue
    }

    static func choice(_ version: QuestionVersion, _ random: inout DemoRandom) -> JSONValue {
        .string(random.pick(version.options))
    }

    static let questions: [Question] = [
        Question(fields: ["prompt": .string("How did you hear about the passport?"), "type": .string("single-choice"),
                          "options": .string("Flyer\nA friend\nThe city website\nSocial media"), "required": .bool(true),
                          "currentVersion": .int(2),
                          "earlierVersions": .array([.object(["version": .int(1), "prompt": .string("How did you hear about the passport?"),
                                                              "type": .string("single-choice"),
                                                              "options": .string("Flyer\nA friend\nThe city website"),
                                                              "minimum": .null, "maximum": .null])])],
                 answer: choice),
        Question(fields: ["prompt": .string("Do you live in Riverton?"), "type": .string("yes-no"), "required": .bool(true)],
                 answer: { _, random in .bool(random.chance(0.8)) }),
        Question(fields: ["prompt": .string("Which events would you like more of?"), "type": .string("multiple-choice"),
                          "options": .string("Festivals\nVolunteering\nArts and culture\nSports\nWorkshops")],
                 answer: { version, random in
                     .array(version.options.filter { _ in random.chance(0.4) }.map(JSONValue.string) + [.string(version.options[0])])
                 }),
        Question(fields: ["prompt": .string("How likely are you to recommend the passport to a friend?"), "type": .string("scale")],
                 answer: { _, random in .int(Int64([3, 4, 4, 5, 5, 5][Int.random(in: 0..<6, using: &random)])) }),
        Question(fields: ["prompt": .string("Which campus do you study at?"), "type": .string("single-choice"),
                          "audience": .string("students"), "options": .string("North campus\nRiverside campus\nOnline")],
                 answer: choice),
        Question(fields: ["prompt": .string("Anything we should know?"), "type": .string("long-text")],
                 answer: { _, random in .string(random.pick(comments)) }),
    ]

    static let comments = [
        "More weekend events, please; weekdays are hard with work.",
        "The mural walk was the best thing I did this summer.",
        "Could the check-in code be bigger on the screen? Hard to read from the back.",
        "Love it. My kids ask every week where the next stamp is.",
        "Please add events near the east side.",
    ]
}
