import Foundation
import GRDB
import Translation

/// What members answered to one version of a question: for counted types, how many chose each
/// option (or value) and what share of those who answered that is; for text, the answers
/// themselves. Read from the `answer` records, never stored.
public struct SurveyResult: Sendable {
    public struct Count: Hashable, Sendable {
        /// The option or value, as kept (`yes`, `4`, an option's text).
        public var value: String
        public var count: Int
        /// Of those who answered this version, 0 to 100. For multiple choice the shares add
        /// up to more than 100: one member may choose several options.
        public var percent: Double
    }

    public var question: String
    public var version: QuestionVersion
    /// How many members answered this version.
    public var respondents: Int
    /// Counted types: every option (or scale step, or yes and no) even when nobody chose it,
    /// then any other value given (numbers, dates), most chosen first.
    public var counts: [Count]
    /// Text questions: the answers, oldest first.
    public var texts: [String]

    /// The results of `version` of a question, from its answers (of any version).
    public init(questionId: String, version: QuestionVersion, answers: [JSONValue]) {
        question = questionId
        self.version = version
        let mine = answers.filter { $0["version"]?.int64Value == Int64(version.version) }
            .sorted { ($0["at"]?.stringValue ?? "") < ($1["at"]?.stringValue ?? "") }
        let values = mine.compactMap { $0["value"]?.stringValue }
        respondents = values.count
        if version.kind.isText {
            texts = values
            counts = []
            return
        }
        texts = []
        var tally: [String: Int] = [:]
        for value in values {
            let chosen = version.kind == .multipleChoice ? value.split(separator: "\n").map(String.init) : [value]
            for item in chosen { tally[item, default: 0] += 1 }
        }
        let fixed: [String]
        switch version.kind {
        case .singleChoice, .multipleChoice: fixed = version.options
        case .yesNo: fixed = ["yes", "no"]
        case .scale: fixed = version.scale.map(String.init)
        default: fixed = []
        }
        let others = tally.keys.filter { !fixed.contains($0) }.sorted { (tally[$0]!, $1) > (tally[$1]!, $0) }
        let total = max(1, respondents)
        counts = (fixed + others).map { value in
            let count = tally[value] ?? 0
            return Count(value: value, count: count, percent: Double(count) * 100 / Double(total))
        }
    }

    /// A value as people read it: "Yes" for `yes`; the rest as kept.
    public static func label(_ value: String, kind: QuestionKind) -> String {
        guard kind == .yesNo else { return value }
        return value == "yes" ? trc("answer", "Yes") : trc("answer", "No")
    }

    /// The result as CSV (RFC 4180): `value,count,percent` rows for counted types, one
    /// `answer` row per text answer.
    public var csv: String {
        var lines: [[String]]
        if version.kind.isText {
            lines = [["answer"]] + texts.map { [$0] }
        } else {
            lines = [["value", "count", "percent"]] + counts.map { [$0.value, String($0.count), StoredNumber.text($0.percent, fractionDigits: 1)] }
        }
        return lines.map { $0.map(Self.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Survey results read from the console's database.
public final class SurveyResults: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The results of every version of a question, oldest first (only `version` when given).
    public func results(question id: UUID, version: Int? = nil, in org: Organization) async throws -> [SurveyResult] {
        let key = UUIDColumn.encode(id)
        let (question, answers) = try await database.writer.read { db in
            (try RecordType.question.storage.fetch(entity: RecordType.question.entity, id: key, db),
             try RecordService.live(.answer, org: org, db).filter { $0["question"]?.stringValue == key })
        }
        guard let question, question.orgId == org.id, !question.deleted else {
            throw RecordServiceError.notFound(noun: RecordType.question.noun, id: id)
        }
        let versions = QuestionVersion.all(of: question.fields)
        if let version, !versions.contains(where: { $0.version == version }) {
            throw ValidationError(field: "version", message: tr("this question has versions {versions}; there is no version {version}",
                                                                ["versions": versions.map { String($0.version) }.joined(separator: ", "),
                                                                 "version": String(version)]))
        }
        return versions.filter { version == nil || $0.version == version }
            .map { SurveyResult(questionId: key, version: $0, answers: answers.map(\.fields)) }
    }
}
