/// What a media item is, as staff and the apps think of it: each kind has its own size limit
/// and its own handling on the way in (images are re-encoded; the rest is kept as sent).
public enum MediaKind: String, Sendable, CaseIterable, Codable {
    case image
    case audio
    case video
    case pdf
}
