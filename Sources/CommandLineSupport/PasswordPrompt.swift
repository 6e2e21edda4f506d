import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reading a password on the command line, for every tool: asked on a terminal without echo,
/// or read from standard input when a script pipes it in.
public enum PasswordPrompt {
    /// Whether standard input is a terminal someone types at (otherwise a script pipes it).
    public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    /// Shows `prompt` on stderr (stdout stays for what scripts read) and reads one line with
    /// echo off; nil when input ends before a line is typed. The typed newline is still echoed,
    /// so what follows starts on a line of its own.
    public static func askHidden(_ prompt: String) -> String? {
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
        return readLine(strippingNewline: true)
    }

    /// The first line of piped input, without its line break ("" for none).
    public static func firstLine(of data: Data) -> String {
        var text = String(decoding: data, as: UTF8.self)
        if let end = text.firstIndex(where: \.isNewline) { text = String(text[..<end]) }
        return text
    }
}
