import Testing
@testable import StewardStore

/// The PostgreSQL password can come from elsewhere than the URL (a file, the environment), so it
/// never has to sit on a command line.
@Suite("PostgreSQL URL")
struct PostgresURLTests {
    @Test("a password given apart from the URL is used when the URL has none; the URL's own wins")
    func passwordApart() throws {
        let apart = try PostgresURL.configuration("postgres://steward@db.example:5433/steward", password: "from a file")
        #expect(apart.password == "from a file")
        #expect(apart.username == "steward")
        let inURL = try PostgresURL.configuration("postgres://steward:in%20url@db.example/steward", password: "from a file")
        #expect(inURL.password == "in url")
        #expect(try PostgresURL.configuration("postgres://steward@db.example/steward").password == nil)
    }
}
