import Foundation
import StewardCore
import Testing

/// `stewardctl rejected list|discard` on a console with nothing refused; the end-to-end case (a
/// second console's loan of a lent book, refused by the store and discarded) is in
/// Tests/sync/test_sync.py.
@Suite struct RejectedCommandTests {
    @Test("nothing refused: an empty list; a bad or unknown id is exit 2, naming it")
    func emptyAndBadIds() async throws {
        let cli = try await CLI.withOneOrganization()
        #expect(try await cli("rejected", "list", "--json").json() == .array([]))
        let text = try await cli("rejected", "list")
        #expect(text.status == 0 && text.stdout == "No rejected changes.\n")
        let bad = try await cli("rejected", "discard", "three")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("stewardctl: id: must be a rejected change's id like 3"))
        let unknown = try await cli("rejected", "discard", "42")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("stewardctl: id: no rejected change with id 42"))
    }
}
