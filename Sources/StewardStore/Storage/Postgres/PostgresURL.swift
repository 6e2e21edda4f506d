import Foundation
import PostgresNIO

/// Reads `postgres://user[:password]@host[:port]/database[?sslmode=…&sslrootcert=…&application_name=…]`
/// into a client configuration. The application name (default "steward-store") is what
/// pg_stat_activity shows for the store's connections.
///
/// TLS: without `sslmode`, a database on another machine is reached with TLS required (a man in
/// the middle could strip "prefer"); one on loopback as libpq would ("prefer"), since nobody
/// stands between. With TLS, the server's certificate and host name are always checked, against
/// the system's CAs or `sslrootcert` (a private CA's PEM file).
public enum PostgresURL {
    public enum TLSMode: Sendable, Hashable {
        case disable, prefer, require
    }

    /// The TLS mode for `sslmode` (nil: not given) and the database's host.
    public static func tlsMode(sslmode: String?, host: String) throws(Invalid) -> TLSMode {
        switch sslmode {
        case nil: return isLoopback(host) ? .prefer : .require
        case "disable": return .disable
        case "prefer", "allow": return .prefer
        case "require", "verify-ca", "verify-full": return .require
        default: throw Invalid(message: "sslmode must be disable, prefer, require, verify-ca or verify-full")
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

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
        let sslmode = components.queryItems?.first { $0.name == "sslmode" }?.value
        var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
        if let rootCert = components.queryItems?.first(where: { $0.name == "sslrootcert" })?.value {
            guard FileManager.default.isReadableFile(atPath: rootCert) else {
                throw Invalid(message: "sslrootcert: cannot read '\(rootCert)'")
            }
            tlsConfiguration.trustRoots = .file(rootCert)
        }
        let tls: PostgresClient.Configuration.TLS
        switch try tlsMode(sslmode: sslmode, host: host) {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(tlsConfiguration)
        case .require: tls = .require(tlsConfiguration)
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password,
                                                         database: database, tls: tls)
        let applicationName = components.queryItems?.first { $0.name == "application_name" }?.value ?? "steward-store"
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        return configuration
    }
}
