import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl isbn check VALUE [--json]`
struct IsbnCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Say whether an ISBN-10 or ISBN-13 is valid, and give its ISBN-13.",
        discussion: """
            Hyphens and spaces are ignored; an ISBN-10 may end with X. An invalid number exits \
            with status 2 and says why on stderr, naming the check digit it should have when that \
            is what is wrong. With --json, one object on stdout either way: {"input", "valid", \
            "isbn13", "isbn10", "error", "expectedCheckDigit"} (null where there is none).
            """)

    @Argument(help: ArgumentHelp("The ISBN to check, like 0-316-76948-7 or 978-0-316-76948-8.", valueName: "isbn"))
    var value: String
    @OptionGroup var output: OutputOptions

    func run() async throws {
        do {
            let isbn = try ISBN(value)
            if output.json {
                Console.printJSON(.object([
                    "input": .string(value), "valid": .bool(true), "isbn13": .string(isbn.isbn13),
                    "isbn10": .optional(isbn.isbn10), "error": .null, "expectedCheckDigit": .null,
                ]))
            } else {
                print(tr("valid: ISBN-13 {isbn13}", ["isbn13": isbn.isbn13]))
            }
        } catch {
            if output.json {
                Console.printJSON(.object([
                    "input": .string(value), "valid": .bool(false), "isbn13": .null, "isbn10": .null,
                    "error": .string(error.description), "expectedCheckDigit": .optional(error.expectedCheckDigit.map(String.init)),
                ]))
            }
            throw CLIError.usage("isbn: " + error.description)
        }
    }
}
