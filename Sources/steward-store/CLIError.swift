import ArgumentParser
import Foundation
import PostgresNIO
import StewardStore

/// A failure a command reports itself, with the exit code it deserves.
enum CLIError: Error, Equatable {
    /// Invalid input or usage (exit 2): the message names the option at fault.
    case usage(String)
    /// Anything else (exit 1).
    case failure(String)
}

/// Turns any error into the exit code and one stderr line: 0 for help, 2 for usage and
/// invalid input, 1 for everything else.
enum ErrorReport {
    static let usageExitCode: Int32 = 2
    static let failureExitCode: Int32 = 1

    struct Outcome: Equatable {
        var exitCode: Int32
        var output: String?
        var message: String?
    }

    static func outcome(for error: any Error) -> Outcome {
        switch error {
        case let error as CLIError:
            switch error {
            case .usage(let text): return failure(usageExitCode, text)
            case .failure(let text): return failure(failureExitCode, text)
            }
        case let error as PostgresURL.Invalid:
            return failure(usageExitCode, error.description)
        case let error as StoreFailure:
            switch error {
            case .unknownOrg: return failure(usageExitCode, "--org: \(error.description)")
            case .orgExists: return failure(usageExitCode, "SLUG: \(error.description)")
            case .resyncRequired, .unavailable: return failure(failureExitCode, error.description)
            }
        case let error as PSQLError:
            // PSQLError's description hides details on purpose; the server's message is safe.
            let message = error.serverInfo?[.message] ?? "\(error.code)"
            return failure(failureExitCode, "postgres: \(message)")
        default:
            return parserOutcome(for: error)
        }
    }

    private static func parserOutcome(for error: any Error) -> Outcome {
        let code = StewardStoreCommand.exitCode(for: error)
        if code == .success {
            return Outcome(exitCode: 0, output: StewardStoreCommand.fullMessage(for: error), message: nil)
        }
        if code == .validationFailure {
            return failure(usageExitCode, oneLine(StewardStoreCommand.message(for: error)))
        }
        let message = StewardStoreCommand.message(for: error)
        return failure(failureExitCode, message.isEmpty ? oneLine(String(describing: error)) : oneLine(message))
    }

    private static func failure(_ code: Int32, _ text: String) -> Outcome {
        Outcome(exitCode: code, output: nil, message: "steward-store: " + oneLine(text))
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}

extension StewardStoreCommand {
    /// Parses the command line, runs the command, reports any error; returns the exit status.
    static func runAndReport(_ arguments: [String]? = nil) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            let outcome = ErrorReport.outcome(for: error)
            if let output = outcome.output, !output.isEmpty { print(output) }
            if let message = outcome.message {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            return outcome.exitCode
        }
    }
}
