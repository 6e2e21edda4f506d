import Foundation

/// A mirrored class's id: name-based on its source and the source's class id, so a refresh finds
/// the same row again and two consoles mirroring the same source agree on it.
public enum ClassIdentity {
    public static func id(sourceId: UUID, sourceClassId: String) -> UUID {
        NameBasedID.make("steward class\u{0}\(UUIDColumn.encode(sourceId))\u{0}\(sourceClassId)")
    }
}
