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

    /// How an item reads in a drop-down: "sermon.mp3 (38:12, 12 MB)".
    public static func label(of item: MediaItem) -> String {
        var details: [String] = []
        if let seconds = item.durationSeconds { details.append(FieldKind.clock(Int64(seconds.rounded()))) }
        details.append(ByteCountText.describe(item.size))
        return item.fileName + " (" + details.joined(separator: ", ") + ")"
    }
}
