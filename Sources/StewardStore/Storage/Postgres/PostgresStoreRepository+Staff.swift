import Foundation
import Logging
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    // MARK: Staff accounts

    public func addStaff(_ member: StaffMember) async throws {
        try await transaction { connection, logger in
            let orgs = try await connection.query("SELECT slug FROM orgs WHERE slug = \(member.org)", logger: logger).collect()
            guard !orgs.isEmpty else { throw StoreFailure.unknownOrg(member.org) }
            let inserted = try await connection.query("""
                INSERT INTO staff (org, email, role, password_hash, created_at)
                VALUES (\(member.org), \(member.email), \(member.role.rawValue), \(member.passwordHash),
                        \(Milliseconds.from(member.createdAt)))
                ON CONFLICT (org, email) DO NOTHING RETURNING email
                """, logger: logger).collect()
            if inserted.isEmpty { throw StoreFailure.staffExists(member.email) }
        }
    }

    public func staff(org: String) async throws -> [StaffMember] {
        try await transaction { connection, logger in
            try await Self.staffMembers(connection.query("""
                SELECT org, email, role, password_hash, created_at FROM staff WHERE org = \(org) ORDER BY email
                """, logger: logger))
        }
    }

    public func staffMember(org: String, email: String) async throws -> StaffMember? {
        try await transaction { connection, logger in
            try await Self.staffMembers(connection.query("""
                SELECT org, email, role, password_hash, created_at FROM staff WHERE org = \(org) AND email = \(email)
                """, logger: logger)).first
        }
    }

    public func staffAccounts(email: String) async throws -> [StaffMember] {
        try await transaction { connection, logger in
            try await Self.staffMembers(connection.query("""
                SELECT org, email, role, password_hash, created_at FROM staff WHERE email = \(email) ORDER BY org
                """, logger: logger))
        }
    }

    public func removeStaff(org: String, email: String, now: Date) async throws -> Bool {
        try await transaction { connection, logger in
            let removed = try await connection.query("""
                DELETE FROM staff WHERE org = \(org) AND email = \(email) RETURNING email
                """, logger: logger).collect()
            guard !removed.isEmpty else { return false }
            try await connection.query("""
                UPDATE staff_sessions SET revoked_at = \(Milliseconds.from(now))
                WHERE org = \(org) AND email = \(email) AND revoked_at IS NULL
                """, logger: logger)
            return true
        }
    }

    // MARK: Failed sign-ins

    public func admitSignIn(_ attempt: SignInAttempt, limits: SignInLimits) async throws -> SignInAdmission {
        try await transaction { connection, logger in
            // Transaction-scoped advisory locks serialize the admissions of one account and of
            // one source across every store process. Accounts (class 1) are always locked
            // before sources (class 2), so two admissions never wait on each other in a circle.
            let accountKey = attempt.org + "/" + attempt.email
            try await connection.query("SELECT pg_advisory_xact_lock(1, hashtext(\(accountKey)))", logger: logger)
            try await connection.query("SELECT pg_advisory_xact_lock(2, hashtext(\(attempt.source)))", logger: logger)
            let now = Milliseconds.from(attempt.at)
            let account = try await Self.failures(connection.query("""
                SELECT COUNT(*), MAX(at) FROM sign_in_failures
                WHERE org = \(attempt.org) AND email = \(attempt.email)
                  AND at >= \(Milliseconds.from(limits.account.windowStart(now: attempt.at)))
                """, logger: logger))
            let source = try await Self.failures(connection.query("""
                SELECT COUNT(*), MAX(at) FROM sign_in_failures
                WHERE source = \(attempt.source) AND at >= \(Milliseconds.from(limits.source.windowStart(now: attempt.at)))
                """, logger: logger))
            let admission = SignInAdmission.decide(limits: limits, now: attempt.at, account: account, source: source)
            if admission == .admitted {
                try await connection.query("""
                    INSERT INTO sign_in_failures (org, email, source, at)
                    VALUES (\(attempt.org), \(attempt.email), \(attempt.source), \(now))
                    """, logger: logger)
            }
            return admission
        }
    }

    private static func failures(_ rows: PostgresRowSequence) async throws -> (count: Int, latest: Date?) {
        for try await (count, latest) in rows.decode((Int64, Int64?).self) {
            return (Int(count), latest.map(Milliseconds.date))
        }
        return (0, nil)
    }

    public func clearSignInFailures(org: String, email: String) async throws {
        try await transaction { connection, logger in
            _ = try await connection.query("DELETE FROM sign_in_failures WHERE org = \(org) AND email = \(email)", logger: logger)
        }
    }

    // MARK: Sessions

    public func createSession(id: String, org: String, email: String, tokens: SessionTokenHashes, now: Date) async throws {
        try await transaction { connection, logger in
            try await connection.query("""
                INSERT INTO staff_sessions (id, org, email, created_at) VALUES (\(id), \(org), \(email), \(Milliseconds.from(now)))
                """, logger: logger)
            try await Self.insertTokens(tokens, session: id, connection: connection, logger: logger)
        }
    }

    public func staffAccess(forTokenHash hash: String) async throws -> StaffAccess? {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                SELECT s.id, s.org, s.email, m.role, t.expires_at, t.used_at, s.revoked_at
                FROM session_tokens t
                JOIN staff_sessions s ON s.id = t.session_id
                JOIN staff m ON m.org = s.org AND m.email = s.email
                WHERE t.hash = \(hash) AND t.kind = 'access'
                """, logger: logger)
            for try await (id, org, email, role, expiresAt, usedAt, revokedAt)
                in rows.decode((String, String, String, String, Int64, Int64?, Int64?).self) {
                guard let role = StaffRole(rawValue: role) else { return nil }
                return StaffAccess(sessionId: id, org: org, email: email, role: role,
                                   expiresAt: Milliseconds.date(expiresAt), revoked: revokedAt != nil,
                                   used: usedAt != nil)
            }
            return nil
        }
    }

    public func markAccessTokenUsed(hash: String, now: Date) async throws {
        try await transaction { connection, logger in
            try await connection.query("""
                UPDATE session_tokens SET used_at = \(Milliseconds.from(now))
                WHERE hash = \(hash) AND kind = 'access' AND used_at IS NULL
                """, logger: logger)
        }
    }

    public func refreshSession(org: String, refreshHash: String, replacement: SessionTokenHashes, now: Date,
                               retryWindow: TimeInterval) async throws -> RefreshOutcome {
        try await transaction { connection, logger in
            let exchange = try await Self.exchangeRefresh(
                org: org, refreshHash: refreshHash, replacement: replacement, now: now, retryWindow: retryWindow,
                connection: connection, logger: logger) { email in
                    let rows = try await connection.query("""
                        SELECT role FROM staff WHERE org = \(org) AND email = \(email)
                        """, logger: logger)
                    for try await role in rows.decode(String.self) { return StaffRole(rawValue: role) != nil }
                    return false
                }
            switch exchange {
            case .refreshed(let email), .retried(let email):
                guard let role = try await Self.staffMembers(connection.query("""
                    SELECT org, email, role, password_hash, created_at FROM staff WHERE org = \(org) AND email = \(email)
                    """, logger: logger)).first?.role else { return .refused }
                if case .retried = exchange { return .retried(email: email, role: role) }
                return .refreshed(email: email, role: role)
            case .reused: return .reused
            case .refused: return .refused
            }
        }
    }

    /// How presenting a refresh token went, before knowing whose session it is.
    enum SessionExchange: Sendable {
        /// `key`: the session's email column (a staff email, or `member:<id>`).
        case refreshed(key: String)
        case retried(key: String)
        case reused
        case refused
    }

    /// Exchanges a refresh token of `org` for `replacement`, for staff and members alike (see
    /// `SQLiteStoreRepository.exchangeRefresh`); `holder` says, before anything changes, whether
    /// the session's account still exists.
    static func exchangeRefresh(org: String, refreshHash: String, replacement: SessionTokenHashes, now: Date,
                                retryWindow: TimeInterval, connection: PostgresConnection, logger: Logger,
                                holder: (String) async throws -> Bool) async throws -> SessionExchange {
        let nowMs = Milliseconds.from(now)
        // The lock makes two presentations of one token take turns: the second one sees the
        // first's use, and is a repeat within the grace window or else a theft.
        let rows = try await connection.query("""
            SELECT s.id, s.email, s.revoked_at, t.expires_at, t.used_at, t.replaced_by
            FROM session_tokens t
            JOIN staff_sessions s ON s.id = t.session_id
            WHERE t.hash = \(refreshHash) AND t.kind = 'refresh' AND s.org = \(org)
            FOR UPDATE OF t, s
            """, logger: logger)
        var found: (session: String, email: String, revokedAt: Int64?, expiresAt: Int64, usedAt: Int64?, replacedBy: String?)?
        for try await row in rows.decode((String, String, Int64?, Int64, Int64?, String?).self) {
            found = row
        }
        guard let found, found.revokedAt == nil, found.expiresAt > nowMs, try await holder(found.email) else { return .refused }
        var retried = false
        if let usedAt = found.usedAt {
            guard let replacedBy = found.replacedBy, nowMs - usedAt <= Int64(retryWindow * 1000),
                  try await Self.pairIsUntouched(replacedBy, session: found.session, connection: connection,
                                                 logger: logger) else {
                try await connection.query("UPDATE staff_sessions SET revoked_at = \(nowMs) WHERE id = \(found.session)", logger: logger)
                return .reused
            }
            // The answer to the exchange was lost: the pair it gave is withdrawn, its refresh
            // token kept as used and replaced by nothing, so it can only ever come back as a
            // theft. The window still counts from the first exchange.
            try await connection.query("""
                DELETE FROM session_tokens WHERE session_id = \(found.session) AND pair = \(replacedBy) AND kind = 'access'
                """, logger: logger)
            try await connection.query("""
                UPDATE session_tokens SET used_at = \(nowMs), replaced_by = NULL WHERE hash = \(replacedBy)
                """, logger: logger)
            try await connection.query("""
                UPDATE session_tokens SET replaced_by = \(replacement.refreshHash) WHERE hash = \(refreshHash)
                """, logger: logger)
            retried = true
        } else {
            try await connection.query("""
                UPDATE session_tokens SET used_at = \(nowMs), replaced_by = \(replacement.refreshHash) WHERE hash = \(refreshHash)
                """, logger: logger)
        }
        // Expired tokens of the session can never be presented successfully again: forget them.
        try await connection.query("""
            DELETE FROM session_tokens WHERE session_id = \(found.session) AND expires_at <= \(nowMs)
            """, logger: logger)
        try await Self.insertTokens(replacement, session: found.session, connection: connection, logger: logger)
        return retried ? .retried(key: found.email) : .refreshed(key: found.email)
    }

    /// Whether neither token of the pair whose refresh token is `refreshHash` has been used (its
    /// answer never reached anyone who acted on it). Its rows are locked, so a first use of its
    /// access token waits for this exchange to finish.
    private static func pairIsUntouched(_ refreshHash: String, session: String, connection: PostgresConnection,
                                        logger: Logger) async throws -> Bool {
        let rows = try await connection.query("""
            SELECT hash, used_at FROM session_tokens
            WHERE session_id = \(session) AND (hash = \(refreshHash) OR pair = \(refreshHash))
            FOR UPDATE
            """, logger: logger)
        var refreshPresent = false
        var anyUsed = false
        for try await (hash, usedAt) in rows.decode((String, Int64?).self) {
            if usedAt != nil { anyUsed = true }
            if hash == refreshHash { refreshPresent = true }
        }
        return refreshPresent && !anyUsed
    }

    public func revokeSession(id: String, now: Date) async throws {
        try await transaction { connection, logger in
            _ = try await connection.query("""
                UPDATE staff_sessions SET revoked_at = \(Milliseconds.from(now)) WHERE id = \(id) AND revoked_at IS NULL
                """, logger: logger)
        }
    }

    public func forgetExpiredSessions(now: Date, failuresBefore: Date) async throws -> Int {
        try await transaction { connection, logger in
            // A live session keeps even its expired access tokens, so they go on answering
            // token-expired (refresh) rather than unauthorized (sign in again).
            try await connection.query("""
                DELETE FROM session_tokens WHERE session_id IN (
                    SELECT s.id FROM staff_sessions s
                    WHERE s.revoked_at IS NOT NULL OR NOT EXISTS (
                        SELECT 1 FROM session_tokens r
                        WHERE r.session_id = s.id AND r.kind = 'refresh' AND r.used_at IS NULL
                          AND r.expires_at > \(Milliseconds.from(now))))
                """, logger: logger)
            let sessions = try await connection.query("""
                DELETE FROM staff_sessions s WHERE NOT EXISTS (SELECT 1 FROM session_tokens t WHERE t.session_id = s.id)
                RETURNING id
                """, logger: logger).collect().count
            try await connection.query("""
                DELETE FROM sign_in_failures WHERE at < \(Milliseconds.from(failuresBefore))
                """, logger: logger)
            return sessions
        }
    }

    // MARK: Rows

    static func insertTokens(_ tokens: SessionTokenHashes, session: String, connection: PostgresConnection,
                                     logger: Logger) async throws {
        // Both tokens of a pair, each marked with the pair's refresh hash.
        try await connection.query("""
            INSERT INTO session_tokens (hash, session_id, kind, expires_at, pair)
            VALUES (\(tokens.accessHash), \(session), 'access', \(Milliseconds.from(tokens.accessExpiresAt)), \(tokens.refreshHash)),
                   (\(tokens.refreshHash), \(session), 'refresh', \(Milliseconds.from(tokens.refreshExpiresAt)), \(tokens.refreshHash))
            """, logger: logger)
    }

    static func staffMembers(_ rows: PostgresRowSequence) async throws -> [StaffMember] {
        var members: [StaffMember] = []
        for try await (org, email, role, hash, createdAt) in rows.decode((String, String, String, String, Int64).self) {
            guard let role = StaffRole(rawValue: role) else { continue }
            members.append(StaffMember(org: org, email: email, role: role, passwordHash: hash,
                                       createdAt: Milliseconds.date(createdAt)))
        }
        return members
    }
}
