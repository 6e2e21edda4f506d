import Foundation
import Translation

/// What a media field holds: an item of the organization's library, by id, or an https address
/// (what the field held before the library, and still may: a picture kept elsewhere).
public enum MediaFieldValue: Hashable, Sendable {
    case item(UUID)
    case address(String)

    /// Reads typed or received text (not empty): a UUID is a library item, anything else must be
    /// an https address.
    static func parse(_ text: String) throws(FieldError) -> MediaFieldValue {
        let value = FieldParsers.trimmed(text)
        if let id = UUID(uuidString: value) { return .item(id) }
        guard let components = URLComponents(string: value), components.scheme?.lowercased() == "https",
              let host = components.host, !host.isEmpty, !value.contains(" ")
        else {
            throw FieldError(tr("must be the id of a file in the media library (see `stewardctl media list`) or an address starting with https:// (got \"{value}\")",
                                ["value": value]))
        }
        return .address(value)
    }

    /// A stored value, or nil for an empty or unreadable one.
    public init?(stored value: JSONValue?) {
        guard let text = value?.stringValue, !FieldParsers.trimmed(text).isEmpty,
              let parsed = try? Self.parse(text) else { return nil }
        self = parsed
    }

    /// As stored: the id in lower case, or the address.
    public var text: String {
        switch self {
        case .item(let id): UUIDColumn.encode(id)
        case .address(let address): address
        }
    }
}
