import Crypto
import Foundation
import Translation

/// What an answer to a version of a question may be, as the app sends it in JSON, and the one
/// text it is kept as: an option as written in the question; several options one per line, in
/// the question's order; text as typed (trimmed); `yes` or `no`; a number; a date
/// `YYYY-MM-DD`; a step of the scale.
public enum AnswerRules {
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static func canonical(_ value: JSONValue, for question: QuestionVersion) throws(Refusal) -> String {
        switch question.kind {
        case .singleChoice:
            guard let text = value.stringValue else { throw Refusal(message: "must be one of the options, as text: \(list(question.options))") }
            return try option(text, of: question)
        case .multipleChoice:
            guard let items = value.arrayValue, !items.isEmpty else {
                throw Refusal(message: "must be a list of one or more of the options: \(list(question.options))")
            }
            var chosen = Set<String>()
            for item in items {
                guard let text = item.stringValue else { throw Refusal(message: "must list options as text: \(list(question.options))") }
                chosen.insert(try option(text, of: question))
            }
            return question.options.filter(chosen.contains).joined(separator: "\n")
        case .shortText, .longText:
            guard let text = value.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
                throw Refusal(message: "must be text, not empty")
            }
            if text.count > question.kind.maxLength { throw Refusal(message: "must be at most \(question.kind.maxLength) characters") }
            if question.kind == .shortText, text.contains(where: \.isNewline) { throw Refusal(message: "must be one line") }
            return text
        case .yesNo:
            switch value {
            case .bool(let yes): return yes ? "yes" : "no"
            case .string(let text) where ["yes", "no"].contains(text.lowercased()): return text.lowercased()
            default: throw Refusal(message: "must be true or false (yes or no)")
            }
        case .number:
            guard let number = value.doubleValue, number.isFinite else { throw Refusal(message: "must be a number") }
            if let low = question.minimum, number < Double(low) { throw Refusal(message: "must be at least \(low)") }
            if let high = question.maximum, number > Double(high) { throw Refusal(message: "must be at most \(high)") }
            return StoredNumber.text(number)
        case .date:
            guard let text = value.stringValue, let day = LocalDate(iso: text) else { throw Refusal(message: "must be a date like 2026-11-24") }
            return day.description
        case .scale:
            let scale = question.scale
            // Checked in floating point first: a huge number must not trap on the way to Int64.
            guard let number = value.doubleValue, number == number.rounded(),
                  number >= Double(scale.lowerBound), number <= Double(scale.upperBound) else {
                throw Refusal(message: "must be a whole number from \(scale.lowerBound) to \(scale.upperBound)")
            }
            return String(Int64(number))
        }
    }

    /// The option `text` names, as the question writes it (any case, spaces trimmed).
    private static func option(_ text: String, of question: QuestionVersion) throws(Refusal) -> String {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let match = question.options.first(where: { $0.lowercased() == wanted }) else {
            throw Refusal(message: "\"\(text)\" is not an option; choose from \(list(question.options))")
        }
        return match
    }

    private static func list(_ options: [String]) -> String {
        options.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// The id of a member's answer to a version of a question: the same on every attempt, so
    /// answering again replaces the answer rather than adding one.
    public static func answerId(member: String, question: String, version: Int) -> String {
        let name = "steward answer\u{0}\(member.lowercased())\u{0}\(question.lowercased())\u{0}\(version)"
        var bytes = Array(Array(SHA256.hash(data: Data(name.utf8))).prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x50
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString.lowercased()
    }
}
