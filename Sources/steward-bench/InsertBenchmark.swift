import Foundation
import GRDB
import GRDBSQLite
import StewardCore

/// Bulk insert through Steward (text forms validated, events and outbox entries written) against
/// raw SQLite inserts of the very same rows into the same schema, in the same run.
struct InsertBenchmark {
    let count: Int
    let folder: URL

    struct Result {
        var stewardSeconds: Double
        var rawSeconds: Double
        var stewardRate: Double { Double(count) / stewardSeconds }
        var rawRate: Double { Double(count) / rawSeconds }
        var ratio: Double { stewardRate / rawRate }
        let count: Int
    }

    /// Rounds of each side, alternating; the medians are compared. The disk of a virtual
    /// machine makes any one round swing by a third either way.
    static let rounds = 3

    func run() throws -> Result {
        let org = Organization(slug: "bench", name: "Bench", timeZoneIdentifier: "America/Chicago", kind: .cityOffice)
        let details = DemoDataset.generatedEvents(count: count, zone: org.timeZone, seed: 7)
        let forms = details.map { EventForm($0, organizationZone: org.timeZone) }
        // The raw side gets its rows ready-made: no parsing, no validation, no outbox.
        let rows = details.map { Event(orgId: org.id, details: $0).databaseValues(orgZone: org.timeZone) }

        var stewardTimes: [Double] = []
        var rawTimes: [Double] = []
        for round in 1...Self.rounds {
            let stewardPath = folder.appendingPathComponent("insert-steward-\(round).sqlite").path
            let rawPath = folder.appendingPathComponent("insert-raw-\(round).sqlite").path
            for path in [stewardPath, rawPath] {
                let database = try AppDatabase.open(path: path)
                try database.writer.write { db in try org.insert(db) }
            }
            let steward = try AppDatabase.open(path: stewardPath)
            let service = EventService(database: steward)
            // Each side starts with nothing of the other's left to write back.
            sync()
            stewardTimes.append(try Stopwatch.seconds {
                for start in stride(from: 0, to: forms.count, by: 5_000) {
                    let batch = try forms[start..<min(start + 5_000, forms.count)].map {
                        try $0.validate(organizationZone: org.timeZone)
                    }
                    try service.insertMany(batch, in: org)
                }
            })
            sync()
            rawTimes.append(try Stopwatch.seconds { try rawInsert(rows, path: rawPath) })
        }
        return Result(stewardSeconds: stewardTimes.median, rawSeconds: rawTimes.median, count: count)
    }

    /// sqlite3 C calls only: one prepared statement, bound and stepped per row, in the same
    /// 5,000-row transactions and with the same durability settings as Steward's writer.
    private func rawInsert(_ rows: [[DatabaseValue]], path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK, let db = handle else { throw BenchError("cannot open \(path)") }
        defer { sqlite3_close(db) }
        func exec(_ sql: String) throws {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
                throw BenchError(String(cString: sqlite3_errmsg(db)))
            }
        }
        try exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
        let sql = "INSERT INTO event (\(Event.columnNames.joined(separator: ","))) VALUES (\(Array(repeating: "?", count: Event.columnNames.count).joined(separator: ",")))"
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let insert = statement else {
            throw BenchError(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(insert) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for start in stride(from: 0, to: rows.count, by: 5_000) {
            try exec("BEGIN IMMEDIATE")
            for row in rows[start..<min(start + 5_000, rows.count)] {
                for (index, value) in row.enumerated() {
                    let position = Int32(index + 1)
                    switch value.storage {
                    case .null: sqlite3_bind_null(insert, position)
                    case .int64(let i): sqlite3_bind_int64(insert, position, i)
                    case .double(let d): sqlite3_bind_double(insert, position, d)
                    case .string(let s): sqlite3_bind_text(insert, position, s, -1, transient)
                    case .blob(let data):
                        _ = data.withUnsafeBytes { sqlite3_bind_blob(insert, position, $0.baseAddress, Int32(data.count), transient) }
                    }
                }
                guard sqlite3_step(insert) == SQLITE_DONE else { throw BenchError(String(cString: sqlite3_errmsg(db))) }
                sqlite3_reset(insert)
            }
            try exec("COMMIT")
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
