import Foundation
import GRDB
import StewardMedia

/// The items an editor's media field offers: the organization's library, not removed, by file
/// name. Reading needs no media folder, so a page without a library at hand can ask.
public enum MediaChoices {
    public static func items(in org: Organization, database: AppDatabase) async throws -> [MediaItem] {
        try await database.writer.read { db in
            try MediaItem.filter(Column("orgId") == UUIDColumn.encode(org.id) && Column("removedAt") == nil)
                .order(Column("fileName").collating(.nocase), Column("addedAt").desc)
                .fetchAll(db)
        }
    }

    /// Whether `item` comes before `other` in the order `items` reads them: by file name, any
    /// case, the newest first among equal names (a file just added goes where a new read
    /// would put it).
    public static func sortsBefore(_ item: MediaItem, _ other: MediaItem) -> Bool {
        let (name, otherName) = (item.fileName.lowercased(), other.fileName.lowercased())
        return name != otherName ? name < otherName : item.addedAt > other.addedAt
    }

    /// How an item reads in a drop-down: "sermon.mp3 (38:12, 12 MB)".
    public static func label(of item: MediaItem) -> String {
        var details: [String] = []
        if let seconds = item.durationSeconds { details.append(FieldKind.clock(Int64(seconds.rounded()))) }
        details.append(ByteCountText.describe(item.size))
        return item.fileName + " (" + details.joined(separator: ", ") + ")"
    }
}
