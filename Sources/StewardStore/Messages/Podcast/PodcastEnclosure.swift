import Foundation
import StewardCore

/// An episode's recording as the feed's `<enclosure>` and `itunes:duration` give it: from the
/// media item the message names (its public address, true byte length, type and running time),
/// else from the address and size typed on the message.
struct PodcastEnclosure: Hashable, Sendable {
    var url: String
    var length: Int64
    var type: String
    var seconds: Int64?

    /// A ready media item of the store, served at `address` (absolute).
    init(address: String, item: MediaItem) {
        url = address
        length = item.size
        type = item.contentType ?? "audio/mpeg"
        seconds = item.durationSeconds.map { Int64($0.rounded()) }
    }

    init(url: String, length: Int64, type: String, seconds: Int64?) {
        self.url = url
        self.length = length
        self.type = type
        self.seconds = seconds
    }

    /// The message's recording; nil when it has none whose address and size are known (a media
    /// item not uploaded yet, or an address without its size).
    init?(of fields: JSONValue, recordings: [String: PodcastEnclosure]) {
        let typedSeconds = fields["duration"]?.int64Value
        let found: PodcastEnclosure?
        switch MediaFieldValue(stored: fields["audio"]) {
        case .item(let id)?:
            found = recordings[id.uuidString.lowercased()].map { recording in
                var recording = recording
                if recording.seconds == nil { recording.seconds = typedSeconds }
                return recording
            }
        case .address(let address)?:
            found = Self.typed(address, fields, seconds: typedSeconds)
        case nil:
            found = fields["audioURL"]?.stringValue.flatMap { $0.isEmpty ? nil : Self.typed($0, fields, seconds: typedSeconds) }
        }
        guard let found, found.length > 0 else { return nil }
        self = found
    }

    /// An address typed on the message, with the size and type typed beside it.
    private static func typed(_ address: String, _ fields: JSONValue, seconds: Int64?) -> PodcastEnclosure {
        let type = fields["audioType"]?.stringValue ?? ""
        return PodcastEnclosure(url: address, length: fields["audioBytes"]?.int64Value ?? 0,
                                type: type.isEmpty ? "audio/mpeg" : type, seconds: seconds)
    }
}
