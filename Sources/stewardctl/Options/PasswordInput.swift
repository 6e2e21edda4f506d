import CommandLineSupport
import Foundation
import Translation

/// Reads a password from standard input: on a terminal, after a prompt on stderr and without
/// echoing what is typed; otherwise the first line (scripts pipe it in).
enum PasswordInput {
    static func read(prompt: String) throws -> String {
        guard PasswordPrompt.isInteractive else {
            return PasswordPrompt.firstLine(of: FileHandle.standardInput.readDataToEndOfFile())
        }
        guard let line = PasswordPrompt.askHidden(prompt) else {
            throw CLIError.usage("password: " + tr("nothing was typed (end of input)"))
        }
        return line
    }
}
