import CommandLineSupport
import Foundation

/// Reads a new password: the first line of standard input, or, when standard input is a
/// terminal, typed twice at a prompt that does not echo it.
enum PasswordInput {
    static func read(for email: String) throws -> String {
        guard PasswordPrompt.isInteractive else {
            guard let line = readLine(strippingNewline: true) else {
                throw CLIError.usage("password: standard input is empty; pipe the password in as its first line, or run the command in a terminal to be asked for it")
            }
            return line
        }
        let first = try typed("Password for \(email): ")
        let second = try typed("Repeat the password: ")
        guard first == second else { throw CLIError.usage("password: the two entries differ; nothing was changed") }
        return first
    }

    private static func typed(_ prompt: String) throws -> String {
        guard let line = PasswordPrompt.askHidden(prompt) else {
            throw CLIError.usage("password: no password was typed")
        }
        return line
    }
}
