import Foundation
import Translation

/// What a media field holds: an item of the organization's library, by id, or an address
/// (what the field held before the library, and still may: a picture kept elsewhere).
public enum MediaFieldValue: Hashable, Sendable {
    case item(UUID)
    case address(String)

    /// Reads typed or received text (not empty): a UUID is a library item, anything else must be
    /// an https address, or an http(s) one for a field declared `httpsOnly: false`.
    static func parse(_ text: String, httpsOnly: Bool = true) throws(FieldError) -> MediaFieldValue {
        let value = FieldParsers.trimmed(text)
        if let id = UUID(uuidString: value) { return .item(id) }
        guard let address = address(value, httpsOnly: httpsOnly) else {
            if httpsOnly {
                throw FieldError(tr("must be the id of a file in the media library (see `stewardctl media list`) or an address starting with https:// (got \"{value}\")",
                                    ["value": value]))
            }
            throw FieldError(tr("must be the id of a file in the media library (see `stewardctl media list`) or an address starting with http:// or https:// (got \"{value}\")",
                                ["value": value]))
        }
        return .address(address)
    }

    /// `value` when it is a web address the field takes.
    private static func address(_ value: String, httpsOnly: Bool) -> String? {
        guard let components = URLComponents(string: value), let scheme = components.scheme?.lowercased(),
              scheme == "https" || (!httpsOnly && scheme == "http"),
              let host = components.host, !host.isEmpty, !value.contains(" ")
        else { return nil }
        return value
    }

    /// A stored value, or nil for an empty or unreadable one. What is stored was checked by its
    /// field when written, so a plain http address (kept by a field that takes one) reads too.
    public init?(stored value: JSONValue?) {
        guard let text = value?.stringValue, !FieldParsers.trimmed(text).isEmpty,
              let parsed = try? Self.parse(text, httpsOnly: false) else { return nil }
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
