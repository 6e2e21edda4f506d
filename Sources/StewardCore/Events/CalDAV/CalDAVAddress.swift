import Foundation
import Translation

/// A CalDAV calendar collection's address as it is kept and used: http(s) with a host, no query
/// or fragment, ending in "/" (a collection), and each event's resource in it,
/// `<collection><event-uuid>.ics`.
public enum CalDAVAddress {
    /// The collection's address, or `CalDAVAddressError` saying what is wrong with the text.
    public static func collection(_ text: String) throws -> String {
        var address = text.trimmingCharacters(in: .whitespaces)
        guard HTTPClient.isHTTPURL(address), let components = URLComponents(string: address),
              components.query == nil, components.fragment == nil, components.user == nil
        else { throw CalDAVAddressError(text: text) }
        if !address.hasSuffix("/") { address += "/" }
        return address
    }

    /// Where an event's resource lives in the collection.
    public static func resource(of eventId: UUID, in collection: String) -> String {
        collection + eventId.uuidString.lowercased() + ".ics"
    }
}

/// A calendar address that is not an http(s) address of a collection.
public struct CalDAVAddressError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String

    public var description: String {
        tr("\"{url}\" is not the http:// or https:// address of a calendar, like https://calendar.example.org/office/events/",
           ["url": text])
    }
}
