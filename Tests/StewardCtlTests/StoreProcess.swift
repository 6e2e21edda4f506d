import Foundation
import StewardTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The built `steward-store` (beside `stewardctl`) on SQLite in a test's folder, serving on a
/// free loopback port: for commands whose answer depends on what the store holds. Killed when
/// dropped.
final class StoreProcess: @unchecked Sendable {
    let folder: URL
    var database: String { folder.appendingPathComponent("store.sqlite").path }
    private(set) var url = ""
    private var server: Process?

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    init(folder: URL) {
        self.folder = folder
    }

    deinit {
        // SIGKILL: the test runner's threads block SIGTERM, and the child inherits that mask.
        if let server, server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
    }

    static func binary() throws -> URL {
        try CLI.binary().deletingLastPathComponent().appendingPathComponent("steward-store")
    }

    /// `steward-store ARGS --sqlite <database>`; its standard output, or a failure with its stderr.
    @discardableResult
    func run(_ arguments: String..., input: String? = nil) async throws -> String {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments + ["--sqlite", database]
        let out = folder.appendingPathComponent("store-out-\(UUID().uuidString)")
        let err = folder.appendingPathComponent("store-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let input {
            let file = folder.appendingPathComponent("store-in-\(UUID().uuidString)")
            try Data(input.utf8).write(to: file)
            process.standardInput = try FileHandle(forReadingFrom: file)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let status = try await ChildProcess.run(process)
        let stdout = try String(contentsOf: out, encoding: .utf8)
        guard status == 0 else {
            throw Failed(description: "steward-store \(arguments.joined(separator: " ")) exited \(status): "
                         + ((try? String(contentsOf: err, encoding: .utf8)) ?? ""))
        }
        return stdout
    }

    /// Adds the organization and returns a new staff token for it.
    func addOrganization(_ slug: String, zone: String) async throws -> String {
        try await run("orgs", "add", slug, "--name", slug, "--time-zone", zone)
        let printed = try await run("token", "create", "--org", slug, "--role", "staff")
        guard let token = printed.split(separator: "\n").last.map({ $0.trimmingCharacters(in: .whitespaces) }),
              !token.isEmpty else { throw Failed(description: "token create printed no token") }
        return token
    }

    /// Starts `serve` on a free loopback port, returning once it says where it listens.
    func start() throws {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--sqlite", database]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        server = process
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "listening on ") else {
            throw Failed(description: "steward-store serve did not say where it listens: \(text)")
        }
        url = String(text[range.upperBound...].prefix { !$0.isWhitespace })
    }
}
