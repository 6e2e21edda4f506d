import Foundation
import Translation

extension RecordType {
    /// A member's answer to one version of a survey question, made by the store when the member
    /// answers in the app (`POST /v1/orgs/{org}/me/answers`) and checked against that version's
    /// type and options (`AnswerRules`). One per member and version: answering again replaces
    /// it. Staff read them as results; members' answers are not served to other members.
    public static let answer = RecordType(
        entity: "answer", commandName: "answers", module: .surveys,
        nouns: RecordNouns(trLater("survey answer"), trLater("survey answers"), title: trLater("Survey Answer"),
                           pluralTitle: trLater("Survey Answers"),
                           counted: { trn("{count} survey answer", "{count} survey answers", $0, ["count": $1]) }),
        fields: [
            FieldSpec("question", trLater("Question"), .reference(entity: "question"), [.required, .listed],
                      help: trLater("The question answered.")),
            FieldSpec("version", trLater("Version"), .integer(1...100_000), [.required, .listed],
                      help: trLater("The version of the question answered.")),
            FieldSpec("member", trLater("Member"), .reference(entity: RecordType.member.entity), [.required, .listed],
                      help: trLater("Who answered.")),
            FieldSpec("value", trLater("Answer"), .longText(maxLength: 5000), [.required, .listed, .searchable],
                      help: trLater("The answer: an option, options one per line, text, yes or no, a number or a date.")),
            FieldSpec("at", trLater("When"), .dateTime, [.required, .listed], help: trLater("When it was given.")),
        ],
        titleField: "value", orderField: "at", orderDescending: true)
        .madeByStore()
        .staffOnly()
}
