import ArgumentParser

/// `stewardctl isbn`: book numbers, checked as the catalogue checks them.
struct IsbnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isbn",
        abstract: "Check ISBNs the way the library's catalogue checks them.",
        subcommands: [IsbnCheck.self])
}
