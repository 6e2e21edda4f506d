import Foundation
import StewardCore

/// A member answering a survey question: pure rules over what the store holds, run in the
/// organization's transaction. The answer is checked against the question's current version
/// and kept with it, so later versions never mix with it.
enum MemberAnswers {
    enum Failure: Error, Sendable {
        case invalid(String)
        case disabled
        case noQuestion
        case notYourQuestion
        case changed(current: Int)
        case badAnswer(String)
    }

    struct Attempt: Sendable {
        var question: String
        /// The version the app showed (`me/questions`); a different current version is refused,
        /// so an answer never lands on a question that changed its meaning meanwhile.
        var version: Int
        var value: JSONValue

        init(_ body: JSONValue) throws(Failure) {
            guard case .object = body else { throw .invalid("body: must be a JSON object with question, version and value") }
            guard let text = body["question"]?.stringValue, let id = UUID(uuidString: text) else {
                throw .invalid("question: must be a question id")
            }
            question = id.uuidString.lowercased()
            guard let number = body["version"]?.int64Value, number >= 1, number <= 100_000 else {
                throw .invalid("version: required; the question's version as `me/questions` gave it, a whole number from 1")
            }
            version = Int(number)
            guard let value = body["value"], value != .null else { throw .invalid("value: required; the answer") }
            self.value = value
        }
    }

    static func keys(memberId: String, question: String, version: Int) -> Set<RecordKey> {
        [RecordKey(entity: RecordType.member.entity, id: memberId), RecordKey(entity: RecordType.question.entity, id: question),
         RecordKey(entity: RecordType.answer.entity, id: AnswerRules.answerId(member: memberId, question: question, version: version))]
    }

    /// Checks the answer against the question's current version and writes it (replacing the
    /// member's earlier answer to the same version). Answers the record written.
    static func answer(_ attempt: Attempt, memberId: String, writer: inout RecordWriter) throws(Failure) -> RemoteRecord {
        guard let member = writer.liveFields(RecordType.member.entity, memberId), member["disabled"]?.boolValue != true else {
            throw .disabled
        }
        guard let question = writer.liveFields(RecordType.question.entity, attempt.question),
              let current = QuestionVersion.current(of: question) else { throw .noQuestion }
        let audience = question["audience"]?.stringValue.flatMap(QuestionAudience.init(rawValue:)) ?? .everyone
        guard audience.includes(memberAudience: member["audience"]?.stringValue) else { throw .notYourQuestion }
        if attempt.version != current.version { throw .changed(current: current.version) }
        let value: String
        do {
            value = try AnswerRules.canonical(attempt.value, for: current)
        } catch {
            throw .badAnswer(error.message)
        }
        let id = AnswerRules.answerId(member: memberId, question: attempt.question, version: current.version)
        let fields: JSONValue = .object([
            "question": .string(attempt.question), "version": .int(Int64(current.version)), "member": .string(memberId),
            "value": .string(value), "at": .string(DateTimeText.utc(writer.now)),
        ])
        // The answer record's own rules, after the question's: each refusal says what it is.
        let checked: JSONValue
        do {
            checked = try RecordType.answer.validate(fields, orgZone: writer.zone)
        } catch {
            if let problem = error.message(for: "value") { throw .badAnswer(problem) }
            throw .invalid("the answer cannot be stored: \(error.description)")
        }
        if let existing = writer.record(RecordType.answer.entity, id), !existing.deleted,
           existing.fields["value"] == checked["value"] {
            return existing
        }
        do {
            try writer.write(RecordType.answer.entity, id, fields: checked)
        } catch {
            throw .invalid(error.description)
        }
        return writer.record(RecordType.answer.entity, id)!
    }

    /// What the app shows of a question: its current version, and the member's answer to it.
    static func view(_ record: RemoteRecord, answer: RemoteRecord?) -> JSONValue {
        let fields = record.fields
        let current = QuestionVersion.current(of: fields)
        var item: [String: JSONValue] = [
            "id": .string(record.id), "version": .int(Int64(current?.version ?? 1)), "prompt": fields["prompt"] ?? .null,
            "type": fields["type"] ?? .null, "audience": fields["audience"] ?? .null, "position": fields["position"] ?? .int(0),
            "required": fields["required"] ?? .bool(false),
            "options": .array((current?.options ?? []).map(JSONValue.string)),
            "answer": answer?.fields["value"] ?? .null,
        ]
        if current?.kind == .scale, let scale = current?.scale {
            item["minimum"] = .int(scale.lowerBound)
            item["maximum"] = .int(scale.upperBound)
        } else {
            item["minimum"] = fields["minimum"] ?? .null
            item["maximum"] = fields["maximum"] ?? .null
        }
        return .object(item)
    }
}
