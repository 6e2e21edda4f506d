import Foundation
import Translation

/// Fills a book's form from Open Library (openlibrary.org) by its ISBN: title, authors,
/// publisher, publication date and cover. Through the project's `HTTPClient`, with short
/// timeouts, since someone is waiting at the form. The address is configurable
/// (`STEWARD_OPENLIBRARY_URL`, or the initializer) so tests use a local fake of the service.
public final class OpenLibraryLookup: Sendable {
    public static let defaultBaseURL = "https://openlibrary.org"

    public let baseURL: String
    private let client: HTTPClient

    public init(baseURL: String? = nil,
                client: HTTPClient = HTTPClient(options: HTTPClientOptions(connectTimeout: 5, totalTimeout: 10))) {
        let configured = ProcessInfo.processInfo.environment["STEWARD_OPENLIBRARY_URL"].flatMap { $0.isEmpty ? nil : $0 }
        self.baseURL = (baseURL ?? configured ?? Self.defaultBaseURL).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        self.client = client
    }

    /// The book's fields as Open Library knows them (names as the book type declares them);
    /// nil when it does not know the ISBN. Throws `BookLookupError.offline` when the service
    /// cannot be reached, so the form can say so and keep what was typed.
    public func lookUp(_ isbn: ISBN) async throws(BookLookupError) -> [String: JSONValue]? {
        let key = "ISBN:" + isbn.isbn13
        let url = baseURL + "/api/books?bibkeys=" + key + "&format=json&jscmd=data"
        let response: HTTPClientResponse
        do {
            response = try await client.send(HTTPClientRequest(url: url, headers: ["Accept": "application/json"]))
        } catch {
            throw .offline(String(describing: error))
        }
        guard response.status == 200 else { throw .badAnswer(status: response.status) }
        guard let answer = try? JSONValue.parse(String(decoding: response.body, as: UTF8.self)) else {
            throw .badAnswer(status: response.status)
        }
        guard let book = answer[key], case .object = book else { return nil }
        return Self.fields(of: book)
    }

    /// Open Library's edition data as the book type's fields; what it lacks is left out.
    static func fields(of book: JSONValue) -> [String: JSONValue] {
        func names(_ key: String) -> String {
            (book[key]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
                .filter { !$0.isEmpty }.joined(separator: ", ")
        }
        var fields: [String: JSONValue] = [:]
        if let title = book["title"]?.stringValue, !title.isEmpty {
            let subtitle = book["subtitle"]?.stringValue ?? ""
            fields["title"] = .string(subtitle.isEmpty ? title : "\(title): \(subtitle)")
        }
        let authors = names("authors")
        if !authors.isEmpty { fields["authors"] = .string(authors) }
        let publishers = names("publishers")
        if !publishers.isEmpty { fields["publisher"] = .string(publishers) }
        if let date = book["publish_date"]?.stringValue, !date.isEmpty { fields["published"] = .string(String(date.prefix(20))) }
        let cover = book["cover"]?["medium"]?.stringValue ?? book["cover"]?["large"]?.stringValue ?? ""
        if !cover.isEmpty { fields["coverURL"] = .string(cover) }
        return fields
    }
}

/// Why a look-up gave nothing to fill the form with.
public enum BookLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The service could not be reached (no network, DNS, timeout).
    case offline(String)
    /// It answered, but not with book data.
    case badAnswer(status: Int)

    public var description: String {
        switch self {
        case .offline(let reason):
            tr("Open Library cannot be reached ({reason}); the form keeps what you typed", ["reason": reason])
        case .badAnswer(let status):
            tr("Open Library answered with an error (HTTP {status}); the form keeps what you typed", ["status": String(status)])
        }
    }
}
