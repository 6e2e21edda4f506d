import Foundation
import GRDB

/// A table that mirrors what a schedule source lists (classes, staff appointments): keyed by
/// source and the source's own id, only the source's columns written by a refresh.
protocol SourceMirrorTable {
    associatedtype Listed: Equatable
    static var databaseTableName: String { get }
    static var sourceColumns: [String] { get }
    static func sourceValues(_ listed: Listed) -> [(any DatabaseValueConvertible)?]
    static func decodeSource(_ row: Row) -> Listed
    /// The source's own id of what it listed.
    static func sourceKey(of listed: Listed) -> String
    static func startsAt(of listed: Listed) -> Date
    /// The row's id: the same for the same source and key on every console.
    static func rowId(sourceId: UUID, sourceKey: String) -> UUID
}

/// Writes what a source listed into its mirror table, in the caller's transaction: new rows
/// inserted, changed ones (a removed one listed again included) updated, and held ones the
/// source no longer lists within `scope` marked removed (kept, shown; nil `scope`: the source
/// gave everything). A source listing the same key twice: its last word counts.
enum SourceMirror<Table: SourceMirrorTable> {
    enum Change {
        case new(Table.Listed, rowId: UUID)
        case updated(Table.Listed, before: Table.Listed, wasRemoved: Bool, rowId: UUID)
        case removed(Table.Listed, rowId: UUID)
    }

    /// A row the mirror holds before the refresh.
    private struct Held { var id: String; var listed: Table.Listed; var isRemoved: Bool }

    /// Calls `changed` for each row written, in the order the source listed them, then for
    /// each one marked removed.
    static func apply(_ incoming: [Table.Listed], sourceId: UUID, orgId: UUID, scope: DateInterval?, now: Date,
                      _ db: Database, changed: (Change) throws -> Void) throws {
        let table = Table.databaseTableName
        var held: [String: Held] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \(table) WHERE sourceId = ?",
                                       arguments: [UUIDColumn.encode(sourceId)])
        while let row = try rows.next() {
            let listed = Table.decodeSource(row)
            held[Table.sourceKey(of: listed)] = Held(id: row["id"], listed: listed, isRemoved: row["isRemoved"])
        }

        let columns = Table.sourceColumns
        let insert = try db.cachedStatement(sql: """
            INSERT INTO \(table) (id, orgId, sourceId, \(columns.joined(separator: ", ")), isRemoved, firstSeenAt, changedAt)
            VALUES (?, ?, ?, \(columns.map { _ in "?" }.joined(separator: ", ")), 0, ?, ?)
            """)
        let update = try db.cachedStatement(sql: """
            UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")), isRemoved = 0, changedAt = ?
            WHERE id = ?
            """)
        let orgColumn = UUIDColumn.encode(orgId)
        let sourceColumn = UUIDColumn.encode(sourceId)
        var latest: [String: Table.Listed] = [:]
        var order: [String] = []
        for listed in incoming where latest.updateValue(listed, forKey: Table.sourceKey(of: listed)) == nil {
            order.append(Table.sourceKey(of: listed))
        }
        for key in order {
            guard let listed = latest[key] else { continue }
            let values = Table.sourceValues(listed).map { $0?.databaseValue ?? .null }
            if let before = held[key] {
                guard before.listed != listed || before.isRemoved else { continue }
                try update.execute(arguments: StatementArguments(values + [now.databaseValue, before.id.databaseValue]))
                try changed(.updated(listed, before: before.listed, wasRemoved: before.isRemoved,
                                     rowId: try UUIDColumn.decode(before.id)))
            } else {
                let rowId = Table.rowId(sourceId: sourceId, sourceKey: key)
                try insert.execute(arguments: StatementArguments(
                    [UUIDColumn.encode(rowId).databaseValue, orgColumn.databaseValue, sourceColumn.databaseValue]
                        + values + [now.databaseValue, now.databaseValue]))
                try changed(.new(listed, rowId: rowId))
            }
        }

        let remove = try db.cachedStatement(sql: "UPDATE \(table) SET isRemoved = 1, changedAt = ? WHERE id = ?")
        for (key, before) in held where !before.isRemoved && latest[key] == nil {
            if let scope, !scope.contains(Table.startsAt(of: before.listed)) { continue }
            try remove.execute(arguments: [now, before.id])
            try changed(.removed(before.listed, rowId: try UUIDColumn.decode(before.id)))
        }
    }
}
