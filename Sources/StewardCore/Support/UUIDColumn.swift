import Foundation
import GRDB

/// UUIDs are stored as lower-case text: readable in the sqlite3 shell, and the same form the
/// remote store and the dumps use.
enum UUIDColumn {
    static func encode(_ id: UUID) -> String {
        id.uuidString.lowercased()
    }

    static func decode(_ text: String?) throws -> UUID {
        guard let text, let id = UUID(uuidString: text) else {
            throw DatabaseError(message: "not a UUID: \(text ?? "NULL")")
        }
        return id
    }
}
