import CommandLineSupport
import Foundation

#if canImport(Glibc)
import Glibc
import Translation
#endif

/// Reads a password from standard input: on a terminal, after a prompt on stderr and without
/// echoing what is typed; otherwise the first line (scripts pipe it in).
enum PasswordInput {
    static func read(prompt: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            return firstLine(of: FileHandle.standardInput.readDataToEndOfFile())
        }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            hidden.c_lflag |= tcflag_t(ECHONL)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        }
        defer {
            if canHide { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
        }
        guard let line = readLine(strippingNewline: true) else {
            throw CLIError.usage("password: " + tr("nothing was typed (end of input)"))
        }
        return line
    }

    static func firstLine(of data: Data) -> String {
        var text = String(decoding: data, as: UTF8.self)
        if let end = text.firstIndex(where: \.isNewline) { text = String(text[..<end]) }
        return text
    }
}
