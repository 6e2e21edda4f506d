import Foundation
import Translation

/// The words of the "get involved" questionnaire, as they are stored and sent (English, lower
/// case), and as staff read them. Leads answer with them; community groups say whom they are
/// for with the same words, so the two can be matched (`LeadSuggestions`).
public enum StudentYear {
    public static let names = ["freshman", "sophomore", "junior", "senior", "grad"]

    /// A year as staff read it: "Sophomore".
    @Sendable public static func title(_ word: String) -> String? {
        switch word {
        case "freshman": trc("student year", "Freshman")
        case "sophomore": trc("student year", "Sophomore")
        case "junior": trc("student year", "Junior")
        case "senior": trc("student year", "Senior")
        case "grad": trc("student year", "Grad student")
        default: nil
        }
    }

    /// Students of a year, as a group's audience names them: "sophomores".
    public static func plural(_ word: String) -> String? {
        switch word {
        case "freshman": trc("students of a year", "freshmen")
        case "sophomore": trc("students of a year", "sophomores")
        case "junior": trc("students of a year", "juniors")
        case "senior": trc("students of a year", "seniors")
        case "grad": trc("students of a year", "grad students")
        default: nil
        }
    }
}

/// The parts of a day a student says they are free in.
public enum DayPart {
    public static let names = ["morning", "afternoon", "evening"]

    /// The part of the day a meeting at `minutes` after midnight falls in: before noon,
    /// before five, or the evening.
    public static func of(minutes: Int) -> String {
        minutes < 12 * 60 ? "morning" : minutes < 17 * 60 ? "afternoon" : "evening"
    }
}

/// A lead's gender as the questionnaire asks it, and a group's ("for women", "for men";
/// a group that says neither is for everyone).
public enum MinistryGender {
    public static let leadNames = ["woman", "man"]
    public static let groupNames = ["women", "men"]

    @Sendable public static func leadTitle(_ word: String) -> String? {
        switch word {
        case "woman": trc("gender", "Woman")
        case "man": trc("gender", "Man")
        default: nil
        }
    }

    @Sendable public static func groupTitle(_ word: String) -> String? {
        switch word {
        case "women": trc("group for", "Women")
        case "men": trc("group for", "Men")
        default: nil
        }
    }

    /// The group word a lead of `gender` belongs to: "woman" → "women".
    public static func group(of gender: String) -> String? {
        switch gender {
        case "woman": "women"
        case "man": "men"
        default: nil
        }
    }
}

/// Checks that every word of a words field is one of `allowed`, for the records' rules.
enum QuestionnaireWords {
    static func check(_ name: String, _ values: [String: JSONValue], allowed: [String], issues: inout IssueCollector) {
        let words = (values[name]?.arrayValue ?? []).compactMap(\.stringValue)
        if let wrong = words.first(where: { !allowed.contains($0) }) {
            issues.add(FieldSpec.kebab(name), tr("must be words among {words} (got \"{value}\")",
                                                 ["words": allowed.joined(separator: ", "), "value": wrong]))
        }
    }
}
