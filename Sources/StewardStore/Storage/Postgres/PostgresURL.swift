import Foundation
import PostgresNIO

/// Reads `postgres://user[:password]@host[:port]/database[?sslmode=…&application_name=…]`
/// into a client configuration. The application name (default "steward-store") is what
/// pg_stat_activity shows for the store's connections. TLS defaults to "prefer" like libpq; tests on loopback pass
/// `sslmode=disable` or rely on the server not offering TLS.
public enum PostgresURL {
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { "--postgres: \(message)" }
    }

    /// `password` is used when the URL has none.
    public static func configuration(_ text: String, password fallback: String? = nil) throws(Invalid) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme, scheme == "postgres" || scheme == "postgresql" else {
            throw Invalid(message: "must look like postgres://user@host:port/database")
        }
        guard let host = components.host, !host.isEmpty else { throw Invalid(message: "names no host") }
        let user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        let password = components.password.flatMap { $0.removingPercentEncoding } ?? fallback
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else { throw Invalid(message: "names no database") }
        let port = components.port ?? 5432
        let sslmode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
        let tls: PostgresClient.Configuration.TLS
        switch sslmode {
        case "disable": tls = .disable
        case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
        case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
        default: throw Invalid(message: "sslmode must be disable, prefer or require")
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password,
                                                         database: database, tls: tls)
        let applicationName = components.queryItems?.first { $0.name == "application_name" }?.value ?? "steward-store"
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        return configuration
    }
}
