import Foundation
import Translation

extension RecordType {
    /// A survey question the app asks members when they first sign in. Once members answered a
    /// version, editing what it asks (its prompt, type, options or bounds) makes the next
    /// version (`currentVersion`): the old one is kept in `earlierVersions`, and every answer keeps the version it
    /// answered (`QuestionVersions`). Both the console and the store hold to it.
    public static let question = RecordType(
        entity: "question", commandName: "questions", module: .surveys,
        nouns: RecordNouns(trLater("survey question"), trLater("survey questions"), title: trLater("Survey Question"),
                           pluralTitle: trLater("Survey Questions"),
                           counted: { trn("{count} survey question", "{count} survey questions", $0, ["count": $1]) }),
        fields: [
            FieldSpec("prompt", trLater("Question"), .text(maxLength: 300), [.required, .listed, .searchable],
                      help: trLater("What the app asks, like \"How did you hear about the passport?\".")),
            FieldSpec("type", trLater("Type"), .choice(QuestionKind.allCases.map(\.rawValue)), [.required, .listed],
                      help: trLater("single-choice, multiple-choice, short-text, long-text, yes-no, number, date or scale."))
                .showingChoices { QuestionKind(rawValue: $0)?.title },
            FieldSpec("audience", trLater("Audience"), .choice(QuestionAudience.allCases.map(\.rawValue)), [.listed],
                      help: trLater("Who is asked: everyone, students or residents."),
                      default: .string(QuestionAudience.everyone.rawValue))
                .showingChoices { QuestionAudience(rawValue: $0)?.title },
            FieldSpec("position", trLater("Order"), .integer(0...1000), [.listed],
                      help: trLater("Where it comes among the questions, 0 first."), default: .int(0)),
            FieldSpec("required", trLater("Required"), .boolean, [.listed],
                      help: trLater("Whether members must answer it (yes or no)."), default: .bool(false)),
            FieldSpec("options", trLater("Options"), .longText(maxLength: 4000),
                      help: trLater("For single and multiple choice: the options, one per line.")),
            FieldSpec("minimum", trLater("Minimum"), .integer(-1_000_000...1_000_000),
                      help: trLater("For a number or a scale: the lowest answer (a scale's default is 1).")),
            FieldSpec("maximum", trLater("Maximum"), .integer(-1_000_000...1_000_000),
                      help: trLater("For a number or a scale: the highest answer (a scale's default is 5).")),
            // Not `version`: the kit's JSON gives every record its store version under that name.
            FieldSpec("currentVersion", trLater("Version"), .integer(1...100_000), [.listed],
                      help: trLater("Which version this is; editing a question members answered makes the next one."),
                      default: .int(1)),
            FieldSpec("earlierVersions", trLater("Earlier versions"), .list(of: [
                FieldSpec("version", trLater("Version"), .integer(1...100_000), [.required], help: trLater("Its number.")),
                FieldSpec("prompt", trLater("Question"), .text(maxLength: 300), [.required], help: trLater("What it asked.")),
                FieldSpec("type", trLater("Type"), .choice(QuestionKind.allCases.map(\.rawValue)), [.required],
                          help: trLater("Its type."))
                    .showingChoices { QuestionKind(rawValue: $0)?.title },
                FieldSpec("options", trLater("Options"), .longText(maxLength: 4000), help: trLater("Its options, one per line.")),
                FieldSpec("minimum", trLater("Minimum"), .integer(-1_000_000...1_000_000), help: trLater("Its lowest answer.")),
                FieldSpec("maximum", trLater("Maximum"), .integer(-1_000_000...1_000_000), help: trLater("Its highest answer.")),
            ], maxItems: 200), help: trLater("Kept by Steward: what the question asked before each edit members had answered."),
                      item: trLater("Earlier version")),
        ],
        titleField: "prompt", orderField: "position")
        .rule { values, issues in QuestionRules.check(values, &issues) }
        // Members read questions by their audience through `me/questions`, never the generic
        // read endpoint (which would show every audience's and every earlier version).
        .staffOnly()
        .admitted(reading: [RecordAdmission.Read(entity: "answer", field: "question", from: "id")]) { change, lookup, _ in
            try QuestionVersions.refusal(change, lookup: lookup)
        }
        .revising { change, lookup in try QuestionVersions.revise(change, lookup: lookup) }
}

/// What makes a question askable, beside each field on its own.
enum QuestionRules {
    static func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        guard let version = QuestionVersion(.object(values), version: 1) else { return }
        let options = version.options
        if version.kind.hasOptions {
            if options.count < 2 { issues.add("options", tr("needs at least two options, one per line, for a {type} question", ["type": version.kind.rawValue])) }
            if Set(options.map { $0.lowercased() }).count != options.count { issues.add("options", tr("must not repeat an option")) }
        } else if !options.isEmpty {
            issues.add("options", tr("are only for single-choice and multiple-choice questions; leave them empty"))
        }
        if let low = version.minimum, let high = version.maximum, low >= high {
            issues.add("maximum", tr("must be more than the minimum ({minimum})", ["minimum": String(low)]))
        }
        if version.kind == .scale {
            let scale = version.scale
            if scale.upperBound - scale.lowerBound > 20 { issues.add("maximum", tr("a scale has at most 21 steps")) }
        } else if version.kind != .number, version.minimum != nil || version.maximum != nil {
            issues.add("minimum", tr("minimum and maximum are only for number and scale questions"))
        }
        let current = values["currentVersion"]?.int64Value ?? 1
        let earlier = (values["earlierVersions"]?.arrayValue ?? []).compactMap { $0["version"]?.int64Value }
        if Set(earlier).count != earlier.count || earlier.contains(where: { $0 >= current }) {
            issues.add("earlier-versions", tr("each earlier version must have its own number, below the current version ({version})",
                                               ["version": String(current)]))
        }
    }
}
