import ArgumentParser
import Foundation
import Translation

/// What Steward's command-line tools promise about failures: 0 for help, 2 for invalid input
/// or usage (not ArgumentParser's 64), 1 for everything else, and one line on stderr that
/// starts with the tool's name and names what is wrong.
public struct ErrorReport<Command: AsyncParsableCommand>: Sendable {
    public static var usageExitCode: Int32 { 2 }
    public static var failureExitCode: Int32 { 1 }

    public struct Outcome: Equatable {
        public var exitCode: Int32
        /// Help text for stdout (exit 0), or nil.
        public var output: String?
        /// The one-line message for stderr, or nil.
        public var message: String?
    }

    /// The tool's name, as messages start ("stewardctl: …").
    let tool: String
    /// Maps the tool's own errors (its domain's) to usage or failure; nil for the rest.
    let classify: @Sendable (any Error) -> CLIError?

    public init(tool: String, classify: @escaping @Sendable (any Error) -> CLIError?) {
        self.tool = tool
        self.classify = classify
    }

    public func outcome(for error: any Error) -> Outcome {
        switch (error as? CLIError) ?? classify(error) {
        case .usage(let text)?: return failure(Self.usageExitCode, text)
        case .failure(let text)?: return failure(Self.failureExitCode, text)
        case nil: return parserOutcome(for: error)
        }
    }

    /// Errors from parsing the command line (and help requests), via ArgumentParser.
    private func parserOutcome(for error: any Error) -> Outcome {
        let code = Command.exitCode(for: error)
        if code == .success {
            return Outcome(exitCode: 0, output: Command.fullMessage(for: error), message: nil)
        }
        if code == .validationFailure {
            // The full message is "Error: …", the usage, then "See '… --help' …": keep the
            // error and the pointer to the help, on one line.
            var text = OneLine.text(Command.message(for: error))
            let full = Command.fullMessage(for: error)
            if let pointer = full.split(separator: "\n").lazy
                .map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.hasPrefix("See '") }),
               let command = pointer.split(separator: "'").dropFirst().first {
                text += tr(" (see `{command}`)", ["command": String(command)])
            }
            return failure(Self.usageExitCode, text)
        }
        let message = Command.message(for: error)
        return failure(Self.failureExitCode, message.isEmpty ? OneLine.text(error) : OneLine.text(message))
    }

    private func failure(_ code: Int32, _ text: String) -> Outcome {
        Outcome(exitCode: code, output: nil, message: "\(tool): " + OneLine.text(text))
    }

    /// Parses the command line, runs the command and reports any error; returns the exit status.
    public func run(_ arguments: [String]? = nil) async -> Int32 {
        do {
            var command = try await Command.asyncParseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            let outcome = outcome(for: error)
            if let output = outcome.output, !output.isEmpty { print(output) }
            if let message = outcome.message {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            return outcome.exitCode
        }
    }
}

/// Messages on one line, whatever the error printed.
public enum OneLine {
    /// Any error's text folded onto one line. Foundation's file errors read best through
    /// their localized description; the rest (SQLite's included) through their own.
    public static func text(_ error: any Error) -> String {
        let bridged = error as NSError
        if bridged.domain == NSCocoaErrorDomain || bridged.domain == NSPOSIXErrorDomain {
            return text(bridged.localizedDescription)
        }
        return text(String(describing: error))
    }

    public static func text(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
