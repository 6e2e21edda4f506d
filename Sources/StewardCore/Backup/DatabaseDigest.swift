import Foundation
import GRDB

/// A fingerprint of every row of every table of an SQLite database: per table, its columns, its
/// row count and a hash of its rows in a fixed order. The upgrade tests keep one beside each
/// release's database and check that, opened and migrated by this build, the same columns still
/// hold the same rows (a later release may add tables and columns, never lose what was there).
public struct DatabaseDigest: Codable, Hashable, Sendable {
    public struct Table: Codable, Hashable, Sendable {
        public var columns: [String]
        public var rows: Int
        /// FNV-1a 64 of the rows' canonical text, sorted, in hexadecimal.
        public var hash: String
    }

    public var tables: [String: Table]

    /// Every ordinary table but GRDB's list of migrations and full-text search indexes (derived
    /// from the tables they index, rebuilt by migrations as they like).
    public static func of(_ reader: any DatabaseReader) throws -> DatabaseDigest {
        try reader.read { db in
            let names = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'
                  AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
                  AND name NOT IN (SELECT m.name FROM sqlite_master AS v, sqlite_master AS m
                                   WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%'
                                     AND substr(m.name, 1, length(v.name) + 1) = v.name || '_')
                ORDER BY name
                """)
            var tables: [String: Table] = [:]
            for name in names {
                let columns = try db.columns(in: name).map(\.name)
                tables[name] = try table(name, columns: columns, db)
            }
            return DatabaseDigest(tables: tables)
        }
    }

    /// The same tables and columns as `expected`, read from `reader`: what an upgrade must keep.
    public static func of(_ reader: any DatabaseReader, like expected: DatabaseDigest) throws -> DatabaseDigest {
        try reader.read { db in
            var tables: [String: Table] = [:]
            for (name, table) in expected.tables {
                guard try db.tableExists(name) else { continue }
                let present = Set(try db.columns(in: name).map(\.name))
                tables[name] = try self.table(name, columns: table.columns.filter(present.contains), db)
            }
            return DatabaseDigest(tables: tables)
        }
    }

    static func table(_ name: String, columns: [String], _ db: Database) throws -> Table {
        let list = columns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
        var lines: [String] = []
        let cursor = try Row.fetchCursor(db, sql: "SELECT \(list) FROM \(name.quotedDatabaseIdentifier)")
        while let row = try cursor.next() {
            lines.append(row.databaseValues.map(canonical).joined(separator: "\u{1F}"))
        }
        lines.sort()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for line in lines {
            for byte in line.utf8 + [0x0A] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        return Table(columns: columns, rows: lines.count, hash: String(hash, radix: 16))
    }

    private static func canonical(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return "n"
        case .int64(let int): return "i" + String(int)
        case .double(let double): return "r" + String(double.bitPattern, radix: 16)
        case .string(let text): return "t" + text
        case .blob(let data): return "b" + data.map { String(format: "%02x", $0) }.joined()
        }
    }

    /// Pretty, sorted JSON: what is kept beside a fixture.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    public static func read(_ data: Data) throws -> DatabaseDigest {
        try JSONDecoder().decode(DatabaseDigest.self, from: data)
    }
}
