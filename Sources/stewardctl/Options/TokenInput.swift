import ArgumentParser
import CommandLineSupport
import Foundation
import Translation

/// An API token, from `--token-file FILE` (`-`: standard input) or `--token TEXT`. A file keeps
/// it off the command line, which every user of the machine can read in the process list.
struct TokenInput: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A file holding the store token (its first line); - reads standard input. Keeps the token out of the process list.",
        valueName: "file"))
    var tokenFile: String?

    @Option(help: ArgumentHelp(
        "The store token itself (admin or staff role to push). Prefer --token-file: other users of this machine can see a command line.",
        valueName: "token"))
    var token: String?

    /// The token given one way or the other; usage errors name the option at fault.
    func read() throws -> String {
        switch (token, tokenFile) {
        case (.some, .some):
            throw CLIError.usage("token: " + tr("give {token} or {file}, not both", ["token": "--token", "file": "--token-file"]))
        case (nil, nil):
            throw CLIError.usage("token: " + tr("is required: give {file} (- for standard input) or {token}",
                                                ["file": "--token-file FILE", "token": "--token TOKEN"]))
        case (let token?, nil):
            return token
        case (nil, let file?):
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let read = FileManager.default.contents(atPath: file) else {
                    throw CLIError.usage("token-file: " + tr("cannot read {path}", ["path": file]))
                }
                data = read
            }
            let token = PasswordPrompt.firstLine(of: data).trimmingCharacters(in: .whitespaces)
            guard !token.isEmpty else {
                let source = file == "-" ? tr("standard input") : file
                throw CLIError.usage("token-file: " + tr("{file} holds no token", ["file": source]))
            }
            return token
        }
    }
}
