import CommandLineSupport
import ArgumentParser
import Foundation
import Translation

/// The event id that `show`, `update` and `remove` take, as printed by `list` and `add`.
struct EventIDArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The event's id (a UUID, as `events list` and `events add` print it).",
                                 valueName: "id"))
    var text: String

    /// The id as a UUID; a malformed one is a usage error (exit 2) naming `id`.
    func uuid() throws -> UUID {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let id = UUID(uuidString: trimmed) else {
            throw CLIError.usage("id: " + tr("must be an event id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f (got \"{value}\")",
                                             ["value": text]))
        }
        return id
    }
}
