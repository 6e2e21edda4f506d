import Foundation

/// One version of a survey question: what members were asked. Answers name the version they
/// answered, so results of one version never mix with another's.
public struct QuestionVersion: Hashable, Sendable {
    public var version: Int
    public var prompt: String
    public var kind: QuestionKind
    public var options: [String]
    public var minimum: Int64?
    public var maximum: Int64?

    /// A scale with no bounds of its own runs from 1 to 5.
    public static let defaultScale: ClosedRange<Int64> = 1...5

    /// The bounds of a scale question.
    public var scale: ClosedRange<Int64> {
        let low = minimum ?? Self.defaultScale.lowerBound, high = maximum ?? Self.defaultScale.upperBound
        return low <= high ? low...high : Self.defaultScale
    }

    /// The content fields a version freezes (a question's, or one item of its earlier versions).
    static let contentFields = ["prompt", "type", "options", "minimum", "maximum"]

    init?(_ fields: JSONValue, version: Int) {
        guard let prompt = fields["prompt"]?.stringValue,
              let kind = fields["type"]?.stringValue.flatMap(QuestionKind.init(rawValue:)) else { return nil }
        self.version = version
        self.prompt = prompt
        self.kind = kind
        options = Self.options(fields["options"]?.stringValue ?? "")
        minimum = fields["minimum"]?.int64Value
        maximum = fields["maximum"]?.int64Value
    }

    /// Options are typed one per line; blank lines are not options.
    static func options(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Every version of a question, oldest first: its earlier ones, then the current one.
    public static func all(of question: JSONValue) -> [QuestionVersion] {
        let earlier = (question["earlierVersions"]?.arrayValue ?? []).compactMap { item in
            item["version"]?.int64Value.flatMap { QuestionVersion(item, version: Int($0)) }
        }
        let current = QuestionVersion(question, version: Int(question["currentVersion"]?.int64Value ?? 1))
        return (earlier + [current].compactMap { $0 }).sorted { $0.version < $1.version }
    }

    /// The version numbered `number` of a question.
    public static func version(_ number: Int, of question: JSONValue) -> QuestionVersion? {
        all(of: question).first { $0.version == number }
    }

    /// The question's current version.
    public static func current(of question: JSONValue) -> QuestionVersion? {
        QuestionVersion(question, version: Int(question["currentVersion"]?.int64Value ?? 1))
    }
}
