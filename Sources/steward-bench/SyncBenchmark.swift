import Foundation
import GRDB
import StewardCore

/// Sync over loopback against a real `steward-store` process: pushing 10k changes in batches,
/// the same 10k changes sent one request per record (how the seed apps' web services worked),
/// and pulling 100k changes into a fresh console. One store per backend, in the same run.
struct SyncBenchmark {
    let storePath: String
    let folder: URL
    /// nil: SQLite in `folder`.
    let postgresURL: String?
    let pushCount: Int
    let pullCount: Int

    struct Result {
        var backend: String
        var batchedSeconds: Double
        var perRecordSeconds: Double
        var bareSeconds: Double
        var pullSeconds: Double
        var pushCount: Int
        var pullCount: Int
        var speedup: Double { perRecordSeconds / batchedSeconds }
    }

    func run() async throws -> Result {
        let backend = postgresURL == nil ? "SQLite" : "PostgreSQL"
        let storage = postgresURL.map { ["--postgres", $0] }
            ?? ["--sqlite", folder.appendingPathComponent("store-\(UUID().uuidString.prefix(8)).sqlite").path]
        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        let slugs = ["batched-\(suffix)", "per-record-\(suffix)", "pull-\(suffix)"]
        var tokens: [String] = []
        for slug in slugs {
            _ = try command(["orgs", "add", slug, "--name", "Bench \(slug)"] + storage)
            tokens.append(try command(["token", "create", "--org", slug, "--role", "staff"] + storage)
                .split(separator: "\n").last.map(String.init) ?? "")
        }
        let server = try StoreProcess(path: storePath, arguments: ["serve", "--host", "127.0.0.1", "--port", "0"] + storage)
        defer { server.stop() }

        // The same generated changes for both push styles, each in its own console and org.
        let details = DemoDataset.generatedEvents(count: pushCount, zone: TimeZone(identifier: "America/Chicago")!, seed: 11)
        let batched = try await console(slug: slugs[0], token: tokens[0], url: server.url, events: details)
        let perRecord = try await console(slug: slugs[1], token: tokens[1], url: server.url, events: details)
        let batchedSeconds = try await Self.time {
            _ = try await SyncEngine(database: batched.database, options: SyncOptions(), credentials: credentials).push(org: batched.org)
        }
        // The seed apps' design: one request per record, and after each answer the record's
        // dirty flag cleared (here: its outbox entry deleted) in its own transaction.
        let requests = try perRecordRequests(perRecord.database, slug: slugs[1], token: tokens[1], url: server.url)
        let client = HTTPClient()
        let perRecordSeconds = try await Self.time {
            for (request, seq) in requests {
                let response = try await client.send(request)
                guard response.status == 200 else { throw BenchError("one-record push answered \(response.status)") }
                try await perRecord.database.writer.write { db in
                    try db.execute(sql: "DELETE FROM outbox WHERE seq = ?", arguments: [seq])
                }
            }
        }
        // The same requests with nothing written locally: the most a per-record design could
        // hope for (the store already holds these records, so each answers "duplicate"; a fresh
        // client id makes them new).
        let bare = try perRecordRequests(batched.database, slug: slugs[1], token: tokens[1], url: server.url,
                                         clientId: "bare/\(slugs[1])", fromOutbox: false, events: details,
                                         orgId: perRecord.org.id)
        let bareSeconds = try await Self.time {
            for (request, _) in bare {
                let response = try await client.send(request)
                guard response.status == 200 else { throw BenchError("one-record push answered \(response.status)") }
            }
        }

        // 100k changes on the store, then a console that has never synced pulls them all.
        let bulk = DemoDataset.generatedEvents(count: pullCount, zone: TimeZone(identifier: "America/Chicago")!, seed: 12)
        let source = try await console(slug: slugs[2], token: tokens[2], url: server.url, events: bulk)
        _ = try await SyncEngine(database: source.database, credentials: credentials).push(org: source.org)
        let reader = try await console(slug: slugs[2], token: tokens[2], url: server.url, events: [])
        let pullSeconds = try await Self.time {
            _ = try await SyncEngine(database: reader.database, credentials: credentials).pull(org: reader.org)
        }
        return Result(backend: backend, batchedSeconds: batchedSeconds, perRecordSeconds: perRecordSeconds,
                      bareSeconds: bareSeconds, pullSeconds: pullSeconds, pushCount: pushCount, pullCount: pullCount)
    }

    /// The consoles' API tokens: kept in memory, never in the person's keyring.
    private var credentials: MemoryCredentialStore { Self.credentials }
    private static let credentials = MemoryCredentialStore()

    private func console(slug: String, token: String, url: String, events: [EventDetails]) async throws -> (database: AppDatabase, org: Organization) {
        let database = try AppDatabase.open(path: folder.appendingPathComponent("console-\(UUID().uuidString).sqlite").path)
        let org = try await OrganizationService(database: database)
            .add(slug: slug, name: "Bench", timeZone: "America/Chicago", kind: .cityOffice)
        for start in stride(from: 0, to: events.count, by: 5_000) {
            try EventService(database: database).insertMany(Array(events[start..<min(start + 5_000, events.count)]), in: org)
        }
        _ = try await RemoteService(database: database, credentials: credentials).connect(org, url: url, token: token)
        return (database, org)
    }

    /// One push request per change, each carrying a single mutation: how the seed apps' web
    /// services took changes. From the console's outbox, or (`fromOutbox` false) made afresh
    /// from `events` with new record ids.
    private func perRecordRequests(_ database: AppDatabase, slug: String, token: String, url: String,
                                   clientId: String? = nil, fromOutbox: Bool = true, events: [EventDetails] = [],
                                   orgId: UUID? = nil) throws -> [(HTTPClientRequest, Int64)] {
        func request(_ mutation: Mutation) throws -> HTTPClientRequest {
            let body = PushRequest(clientId: clientId ?? "per-record/\(slug)", mutations: [mutation]).jsonData
            return HTTPClientRequest(method: "POST", url: "\(url)/v1/orgs/\(slug)/push",
                                     headers: ["Content-Type": "application/json"], body: body, bearerToken: token)
        }
        if !fromOutbox {
            return try events.enumerated().map { index, details in
                (try request(Mutation(id: Int64(index + 1), entity: SyncEntity.event, recordId: UUID().uuidString.lowercased(),
                                      operation: .upsert, baseVersion: 0, fields: details.syncFields)), 0)
            }
        }
        let entries = try database.writer.read { db in try Outbox.entries(db, limit: Int.max) }
        return try entries.enumerated().map { index, entry in
            let mutation = Mutation(
                id: Int64(index + 1), entity: entry.entity, recordId: entry.recordId.uuidString.lowercased(),
                operation: entry.operation == .delete ? .delete : .upsert, baseVersion: entry.baseVersion,
                fields: entry.operation == .delete ? nil : try JSONValue.parse(entry.payload))
            return (try request(mutation), entry.seq ?? 0)
        }
    }

    private func command(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: storePath)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("steward-store \(arguments.prefix(2).joined(separator: " ")) failed") }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = Stopwatch.now()
        try await body()
        return Stopwatch.milliseconds(since: start) / 1000
    }
}

/// A `steward-store serve` process, up once it prints its address.
final class StoreProcess: @unchecked Sendable {
    let process = Process()
    let url: String

    init(path: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var output = ""
        while !output.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { throw BenchError("steward-store did not start") }
            output += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = output.range(of: "http://") else { throw BenchError("steward-store said: \(output)") }
        url = String(output[range.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
