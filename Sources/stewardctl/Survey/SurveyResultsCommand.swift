import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl survey results QUESTION-ID [--version N] [--json | --csv]`
struct SurveyResultsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "results",
        abstract: "What members answered to a question: counts and percentages per option, or the text answers, per version.",
        discussion: """
            Each version of a question has its own results: answers keep the version they \
            answered. Answers arrive with a sync.
            """)

    @Argument(help: ArgumentHelp("The question's id, as `stewardctl questions list` prints it.", valueName: "question-id"))
    var questionId: String
    @Option(help: ArgumentHelp("Only this version of the question.", valueName: "n"))
    var version: Int?
    @Flag(help: "Print CSV (value,count,percent, or one answer a row) instead of a table.")
    var csv = false
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let id = UUID(uuidString: questionId.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("question-id: " + tr("must be a survey question id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f, as `{command}` prints it (got \"{value}\")",
                                                      ["command": "stewardctl questions list", "value": questionId]))
        }
        if let version, version < 1 { throw CLIError.usage("version: " + tr("must be 1 or more")) }
        if csv && output.json { throw CLIError.usage(tr("give --json or --csv, not both")) }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let results = try await SurveyResults(database: database).results(question: id, version: version, in: organization)
        if output.json {
            Console.printJSON(.object(["question": .string(id.uuidString.lowercased()), "versions": .array(results.map(Self.json))]))
        } else if csv {
            // One version: its CSV; several: a version column in front.
            if results.count == 1, let only = results.first {
                print(only.csv, terminator: "")
            } else {
                for (index, result) in results.enumerated() {
                    let lines = result.csv.split(separator: "\r\n", omittingEmptySubsequences: true)
                    for (row, line) in lines.enumerated() where index == 0 || row > 0 {
                        print((row == 0 ? "version," : "\(result.version.version),") + line, terminator: "\r\n")
                    }
                }
            }
        } else {
            for result in results { Console.print(Self.lines(result)) }
        }
    }

    /// `version`, `prompt`, `type`, `respondents`, and `counts` (`value`, `count`, `percent`)
    /// or `answers` (text).
    static func json(_ result: SurveyResult) -> JSONValue {
        var item: [String: JSONValue] = [
            "version": .int(Int64(result.version.version)), "prompt": .string(result.version.prompt),
            "type": .string(result.version.kind.rawValue), "options": .array(result.version.options.map(JSONValue.string)),
            "respondents": .int(Int64(result.respondents)),
        ]
        if result.version.kind.isText {
            item["answers"] = .array(result.texts.map(JSONValue.string))
        } else {
            item["counts"] = .array(result.counts.map { count in
                .object(["value": .string(count.value), "count": .int(Int64(count.count)),
                         "percent": .double((count.percent * 10).rounded() / 10)])
            })
        }
        return .object(item)
    }

    static func lines(_ result: SurveyResult) -> [String] {
        var lines = [tr("Version {version}: {prompt} ({type})", ["version": String(result.version.version),
                                                                 "prompt": result.version.prompt, "type": result.version.kind.title]),
                     trn("{count} member answered.", "{count} members answered.", result.respondents)]
        if result.version.kind.isText {
            lines += result.texts.map { "  • " + $0.replacingOccurrences(of: "\n", with: " ") }
        } else {
            var table = Table([trc("table heading", "ANSWER"), trc("table heading", "COUNT"), trc("table heading", "PERCENT")])
            for count in result.counts {
                table.append([SurveyResult.label(count.value, kind: result.version.kind), String(count.count),
                              String(format: "%.1f%%", count.percent)])
            }
            lines += table.lines
        }
        return lines + [""]
    }
}
