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

    @Test("without sslmode, TLS is required for a database elsewhere; loopback prefers it as libpq does")
    func tlsDefaults() throws {
        #expect(try PostgresURL.tlsMode(sslmode: nil, host: "db.example.org") == .require)
        #expect(try PostgresURL.tlsMode(sslmode: nil, host: "10.0.0.5") == .require)
        #expect(try PostgresURL.tlsMode(sslmode: nil, host: "127.0.0.1") == .prefer)
        #expect(try PostgresURL.tlsMode(sslmode: nil, host: "localhost") == .prefer)
        #expect(try PostgresURL.tlsMode(sslmode: "disable", host: "db.example.org") == .disable)
        #expect(try PostgresURL.tlsMode(sslmode: "verify-full", host: "127.0.0.1") == .require)
        #expect(throws: PostgresURL.Invalid.self) { try PostgresURL.tlsMode(sslmode: "sometimes", host: "h") }
        #expect(throws: PostgresURL.Invalid.self) {
            try PostgresURL.configuration("postgres://u@db.example.org/x?sslrootcert=/no/such/ca.pem")
        }
    }
}
