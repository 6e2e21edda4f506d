import ArgumentParser
import Foundation

extension Stewardctl {
    /// Parses the command line, runs the command and reports any error as `ErrorReport`
    /// says; returns the exit status.
    static func runAndReport(_ arguments: [String]? = nil) async -> Int32 {
        do {
            var command = try await asyncParseAsRoot(arguments)
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
