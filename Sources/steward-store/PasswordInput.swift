import CommandLineSupport
import Foundation

/// Reads a new password: the first line of standard input, or, when standard input is a
/// terminal, typed twice at a prompt that does not echo it.
enum PasswordInput {
    static func read(for email: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true) else {
                throw CLIError.usage("password: standard input is empty; pipe the password in as its first line, or run the command in a terminal to be asked for it")
            }
            return line
        }
        let first = try prompt("Password for \(email): ")
        let second = try prompt("Repeat the password: ")
        guard first == second else { throw CLIError.usage("password: the two entries differ; nothing was changed") }
        return first
    }

    /// Asks on stderr (stdout stays for what scripts read) with echo off.
    private static func prompt(_ text: String) throws -> String {
        FileHandle.standardError.write(Data(text.utf8))
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if canHide { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine(strippingNewline: true) else {
            throw CLIError.usage("password: no password was typed")
        }
        return line
    }
}
