import Foundation
import Logging
import PostgresNIO

extension PostgresStoreRepository {
    /// Runs `body` in one transaction on a pooled connection, and runs it again (with a short,
    /// growing pause) when it fails in a way that may pass: a deadlock, a serialization failure,
    /// a dropped connection. After `maxAttempts` it gives up with `StoreFailure.unavailable`,
    /// which the HTTP layer answers 503 so the client backs off and retries the same ids.
    /// Re-running a push is safe: it either committed (the retry answers duplicates) or not.
    ///
    /// `singleStatement`: `body` runs one statement, which PostgreSQL runs atomically on its
    /// own, so no BEGIN and COMMIT are sent around it: one round trip instead of three, for the
    /// reads made on every request (the token, the organization's row).
    func transaction<T: Sendable>(
        isolation: String? = nil,
        timeout: Duration? = nil,
        singleStatement: Bool = false,
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
        var attempt = 1
        while true {
            do {
                // A database that does not answer at all (down, unreachable) would otherwise
                // keep the request waiting for a pooled connection indefinitely.
                return try await withDeadline(timeout ?? attemptTimeout) {
                    try await self.client.withConnection { connection in
                        if singleStatement { return try await body(connection, self.logger) }
                        let begin = isolation.map { "BEGIN ISOLATION LEVEL \($0)" } ?? "BEGIN"
                        try await connection.query(PostgresQuery(unsafeSQL: begin), logger: self.logger)
                        do {
                            let value = try await body(connection, self.logger)
                            try await connection.query("COMMIT", logger: self.logger)
                            return value
                        } catch {
                            // A failed ROLLBACK means the connection is gone; the pool drops it.
                            _ = try? await connection.query("ROLLBACK", logger: self.logger)
                            throw error
                        }
                    }
                }
            } catch let error as StoreFailure {
                throw error
            } catch let error as DeadlineExceeded {
                // Not retried: the client's own backoff is the better place to wait.
                logger.error("database did not answer in time", metadata: ["limit": "\(error.limit)"])
                throw StoreFailure.unavailable("the database did not answer within \(error.limit)")
            } catch where PostgresFaults.isPoolFailure(error) {
                throw StoreFailure.unavailable("no connection to the database")
            } catch where PostgresFaults.isTransient(error) {
                guard attempt < maxAttempts else {
                    logger.error("database keeps failing, giving up", metadata: ["attempts": "\(attempt)", "error": "\(PostgresFaults.summary(error))"])
                    throw StoreFailure.unavailable(PostgresFaults.summary(error))
                }
                logger.warning("transient database failure, retrying", metadata: ["attempt": "\(attempt)", "error": "\(PostgresFaults.summary(error))"])
                try await Task.sleep(for: .milliseconds(25 * (1 << attempt)))
                attempt += 1
            }
        }
    }
}

/// Which PostgreSQL failures are worth retrying.
enum PostgresFaults {
    /// SQLSTATEs of failures that a new attempt can get past: serialization_failure,
    /// deadlock_detected, lock_not_available, admin/crash shutdown, cannot_connect_now,
    /// too_many_connections, and the connection_exception class.
    static let transientStates: Set<String> = ["40001", "40P01", "55P03", "57P01", "57P02", "57P03", "53300"]

    static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .server:
            guard let state = error.serverInfo?[.sqlState] else { return false }
            return transientStates.contains(state) || state.hasPrefix("08")
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return true
        default:
            return false
        }
    }

    /// The pool gave up creating connections (its circuit breaker tripped). The error type
    /// lives in PostgresNIO's internal pool module, so it is recognized by name.
    static func isPoolFailure(_ error: any Error) -> Bool {
        String(reflecting: type(of: error)).contains("ConnectionPoolError")
    }

    /// One line for logs and the 503 message, without the query text or bound values.
    static func summary(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: type(of: error)) }
        if let state = error.serverInfo?[.sqlState] {
            return "SQLSTATE \(state): \(error.serverInfo?[.message] ?? "")"
        }
        return "\(error.code)"
    }
}
