import ArgumentParser
import Foundation
import GRDB
import StewardCore

/// A failure the commands report themselves, with the exit code it deserves.
enum CLIError: Error, Equatable {
    /// Invalid input or usage (exit 2): the message names the field or option at fault.
    case usage(String)
    /// Anything else that went wrong (exit 1).
    case failure(String)
}

/// Turns any error into the exit code and the one line on stderr the CLI promises:
/// 0 for help, 2 for invalid input or usage, 1 for everything else.
enum ErrorReport {
    static let usageExitCode: Int32 = 2
    static let failureExitCode: Int32 = 1

    struct Outcome: Equatable {
        var exitCode: Int32
        /// Help text for stdout (exit 0), or nil.
        var output: String?
        /// The one-line message for stderr, or nil.
        var message: String?
    }

    static func outcome(for error: any Error) -> Outcome {
        switch error {
        case let error as CLIError:
            switch error {
            case .usage(let text): return failure(usageExitCode, text)
            case .failure(let text): return failure(failureExitCode, text)
            }
        case let error as StewardCore.ValidationError:
            return failure(usageExitCode, error.description)
        case let error as OrganizationError:
            switch error {
            case .unknownSlug: return failure(usageExitCode, "org: \(error.description)")
            case .invalid(let validation): return failure(usageExitCode, validation.description)
            }
        case let error as EventStoreError:
            return failure(failureExitCode, error.description)
        case let error as DatabaseError:
            return failure(failureExitCode, "database: \(oneLine(error))")
        default:
            return parserOutcome(for: error)
        }
    }

    /// Errors from parsing the command line (and help requests), via ArgumentParser.
    private static func parserOutcome(for error: any Error) -> Outcome {
        let code = Stewardctl.exitCode(for: error)
        if code == .success {
            return Outcome(exitCode: 0, output: Stewardctl.fullMessage(for: error), message: nil)
        }
        if code == .validationFailure {
            // The full message is "Error: …", the usage, then "See '… --help' …": keep the
            // error and the pointer to the help, on one line.
            var text = oneLine(Stewardctl.message(for: error))
            let full = Stewardctl.fullMessage(for: error)
            if let pointer = full.split(separator: "\n").lazy
                .map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.hasPrefix("See '") }),
               let command = pointer.split(separator: "'").dropFirst().first {
                text += " (see `\(command)`)"
            }
            return failure(usageExitCode, text)
        }
        let message = Stewardctl.message(for: error)
        return failure(failureExitCode, message.isEmpty ? oneLine(error) : oneLine(message))
    }

    private static func failure(_ code: Int32, _ text: String) -> Outcome {
        Outcome(exitCode: code, output: nil, message: "stewardctl: " + oneLine(text))
    }

    /// Any error's text folded onto one line. Foundation's file errors read best through
    /// their localized description; the rest (SQLite's included) through their own.
    static func oneLine(_ error: any Error) -> String {
        let bridged = error as NSError
        if bridged.domain == NSCocoaErrorDomain || bridged.domain == NSPOSIXErrorDomain {
            return oneLine(bridged.localizedDescription)
        }
        return oneLine(String(describing: error))
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
