import Testing
@testable import StewardCore

/// Who did something is said as people read it: never the store's `member:` or `token:` prefix.
@Suite("Who did it, as shown")
struct WhoTextTests {
    @Test("a member is shown by e-mail, an API token by its role, staff as they are")
    func who() {
        #expect(SubmissionTrailText.who("member:nadia.k@mail.example") == "nadia.k@mail.example")
        #expect(SubmissionTrailText.who("token:editor") == "an API token (editor)")
        #expect(SubmissionTrailText.who("ann@riverton.example") == "ann@riverton.example")
        #expect(!SubmissionTrailText.who("").isEmpty)
    }
}
