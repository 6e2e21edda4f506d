import ArgumentParser
import StewardCore

// Survey questions on the kit's generic commands (an edit of an answered question makes its
// next version there too); results have their own command.
enum SurveyQuestionKind: RecordKind { static var type: RecordType { .question } }

enum SurveyKinds {
    static let commands: [any ParsableCommand.Type] = [RecordCommands<SurveyQuestionKind>.self, SurveyCommand.self]
}

/// `stewardctl survey`: what members answered.
struct SurveyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "survey", abstract: "Read the survey's results, per question and version.",
        subcommands: [SurveyResultsCommand.self])
}
