import Foundation
import StewardCore
import Testing

// Shortcuts for the record kit's commands (`stewardctl funds …`, `bulletins …`).
extension CLI {
    /// `TYPE add --json ARGS`, which must succeed; returns the new record's object.
    @discardableResult
    func addRecord(_ type: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let result = try await run(["--db", databasePath, type, "add", "--json"] + arguments)
        try #require(result.status == 0, "\(type) add failed: \(result.stderr)", sourceLocation: sourceLocation)
        return try JSONValue.parse(result.stdout)
    }

    /// `TYPE list --json` as text: compared before and after refused commands.
    func recordDump(_ type: String) async throws -> String {
        let result = try await run(["--db", databasePath, type, "list", "--json"])
        try #require(result.status == 0, "\(type) list failed: \(result.stderr)")
        return result.stdout
    }

    /// Writes `text` to a file in the test's folder and returns its path, for `--input`.
    func inputFile(_ text: String) throws -> String {
        let url = folder.appendingPathComponent("input-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
