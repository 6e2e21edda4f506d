import Foundation
import StewardTestSupport
import Testing
@testable import StewardCore

/// The Open Library look-up against a local fake of the service (Tests/library/
/// fake_openlibrary.py), an ISBN it does not know, and no service at all.
@Suite(.serialized) struct OpenLibraryLookupTests {
    static func fake() throws -> PythonServer {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("library/fake_openlibrary.py")
        return try PythonServer(script: try String(contentsOf: script, encoding: .utf8))
    }

    @Test func aKnownISBNFillsTitleAuthorsPublisherDateAndCover() async throws {
        let server = try Self.fake()
        let fields = try #require(try await OpenLibraryLookup(baseURL: server.url).lookUp(try ISBN("0-316-76948-7")))
        #expect(fields["title"] == .string("The Catcher in the Rye"))
        #expect(fields["authors"] == .string("J. D. Salinger"))
        #expect(fields["publisher"] == .string("Little, Brown"))
        #expect(fields["published"] == .string("1951"))
        #expect(fields["coverURL"] == .string("https://covers.openlibrary.org/b/id/8231856-M.jpg"))
        // What it gives passes the book's own checks.
        #expect(throws: Never.self) { try RecordType.book.validate(.object(fields), orgZone: .gmt) }
    }

    @Test func anUnknownISBNIsNil() async throws {
        let server = try Self.fake()
        #expect(try await OpenLibraryLookup(baseURL: server.url).lookUp(try ISBN("9780374528379")) == nil)
    }

    @Test func noServiceIsOfflineSayingTheFormKeepsWhatWasTyped() async throws {
        let lookup = OpenLibraryLookup(baseURL: "http://127.0.0.1:\(try PythonServer.closedPort())")
        let isbn = try ISBN("9780316769488")
        let error = await #expect(throws: BookLookupError.self) { try await lookup.lookUp(isbn) }
        guard case .offline? = error else { Issue.record("not offline: \(String(describing: error))"); return }
        #expect(error?.description.contains("the form keeps what you typed") == true)
    }
}
