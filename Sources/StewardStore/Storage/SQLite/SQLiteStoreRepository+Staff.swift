import Foundation
import GRDB
import StewardCore

extension SQLiteStoreRepository {
    // MARK: Staff accounts

    public func addStaff(_ member: StaffMember) async throws {
        try await pool.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM orgs WHERE slug = ?", arguments: [member.org]) != nil else {
                throw StoreFailure.unknownOrg(member.org)
            }
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM staff WHERE org = ? AND email = ?",
                                 arguments: [member.org, member.email]) != nil {
                throw StoreFailure.staffExists(member.email)
            }
            try db.execute(sql: """
                INSERT INTO staff (org, email, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [member.org, member.email, member.role.rawValue, member.passwordHash,
                                 Milliseconds.from(member.createdAt)])
        }
    }

    public func staff(org: String) async throws -> [StaffMember] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT org, email, role, password_hash, created_at FROM staff WHERE org = ? ORDER BY email
                """, arguments: [org]).compactMap(Self.staffMember(from:))
        }
    }

    public func staffMember(org: String, email: String) async throws -> StaffMember? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT org, email, role, password_hash, created_at FROM staff WHERE org = ? AND email = ?
                """, arguments: [org, email]).flatMap(Self.staffMember(from:))
        }
    }

    public func staffAccounts(email: String) async throws -> [StaffMember] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT org, email, role, password_hash, created_at FROM staff WHERE email = ? ORDER BY org
                """, arguments: [email]).compactMap(Self.staffMember(from:))
        }
    }

    public func removeStaff(org: String, email: String, now: Date) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM staff WHERE org = ? AND email = ?", arguments: [org, email])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: """
                UPDATE staff_sessions SET revoked_at = ? WHERE org = ? AND email = ? AND revoked_at IS NULL
                """, arguments: [Milliseconds.from(now), org, email])
            return true
        }
    }

    // MARK: Failed sign-ins

    public func admitSignIn(_ attempt: SignInAttempt, limits: SignInLimits) async throws -> SignInAdmission {
        // One write transaction: SQLite's single writer serializes every admission of this
        // process, and one process owns the file.
        try await pool.write { db in
            let now = Milliseconds.from(attempt.at)
            let account = try Self.failures(db, sql: "SELECT COUNT(*), MAX(at) FROM sign_in_failures WHERE org = ? AND email = ? AND at >= ?",
                                            arguments: [attempt.org, attempt.email, Milliseconds.from(limits.account.windowStart(now: attempt.at))])
            let source = try Self.failures(db, sql: "SELECT COUNT(*), MAX(at) FROM sign_in_failures WHERE source = ? AND at >= ?",
                                           arguments: [attempt.source, Milliseconds.from(limits.source.windowStart(now: attempt.at))])
            let admission = SignInAdmission.decide(limits: limits, now: attempt.at, account: account, source: source)
            if admission == .admitted {
                try db.execute(sql: "INSERT INTO sign_in_failures (org, email, source, at) VALUES (?, ?, ?, ?)",
                               arguments: [attempt.org, attempt.email, attempt.source, now])
            }
            return admission
        }
    }

    private static func failures(_ db: Database, sql: String, arguments: StatementArguments) throws -> (count: Int, latest: Date?) {
        let row = try Row.fetchOne(db, sql: sql, arguments: arguments)
        let latest: Int64? = row?[1]
        return (row?[0] ?? 0, latest.map(Milliseconds.date))
    }

    public func clearSignInFailures(org: String, email: String) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM sign_in_failures WHERE org = ? AND email = ?", arguments: [org, email])
        }
    }

    // MARK: Sessions

    public func createSession(id: String, org: String, email: String, tokens: SessionTokenHashes, now: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO staff_sessions (id, org, email, created_at) VALUES (?, ?, ?, ?)",
                           arguments: [id, org, email, Milliseconds.from(now)])
            try Self.insertTokens(tokens, session: id, db: db)
        }
    }

    public func staffAccess(forTokenHash hash: String) async throws -> StaffAccess? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT s.id, s.org, s.email, m.role, t.expires_at, t.used_at, s.revoked_at
                FROM session_tokens t
                JOIN staff_sessions s ON s.id = t.session_id
                JOIN staff m ON m.org = s.org AND m.email = s.email
                WHERE t.hash = ? AND t.kind = 'access'
                """, arguments: [hash]),
                let role = StaffRole(rawValue: row["role"]) else { return nil }
            let revokedAt: Int64? = row["revoked_at"]
            let usedAt: Int64? = row["used_at"]
            return StaffAccess(sessionId: row["id"], org: row["org"], email: row["email"], role: role,
                               expiresAt: Milliseconds.date(row["expires_at"]), revoked: revokedAt != nil,
                               used: usedAt != nil)
        }
    }

    public func markAccessTokenUsed(hash: String, now: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE session_tokens SET used_at = ? WHERE hash = ? AND kind = 'access' AND used_at IS NULL",
                           arguments: [Milliseconds.from(now), hash])
        }
    }

    public func refreshSession(org: String, refreshHash: String, replacement: SessionTokenHashes, now: Date,
                               retryWindow: TimeInterval) async throws -> RefreshOutcome {
        try await pool.write { db in
            var role: StaffRole?
            let exchange = try Self.exchangeRefresh(org: org, refreshHash: refreshHash, replacement: replacement, now: now,
                                                    retryWindow: retryWindow, db: db) { email in
                role = try String.fetchOne(db, sql: "SELECT role FROM staff WHERE org = ? AND email = ?",
                                           arguments: [org, email]).flatMap(StaffRole.init)
                return role != nil
            }
            switch exchange {
            case .refreshed(let email): return .refreshed(email: email, role: role!)
            case .retried(let email): return .retried(email: email, role: role!)
            case .reused: return .reused
            case .refused: return .refused
            }
        }
    }

    /// How presenting a refresh token went, before knowing whose session it is.
    enum SessionExchange {
        /// `key`: the session's email column (a staff email, or `member:<id>`).
        case refreshed(key: String)
        case retried(key: String)
        case reused
        case refused
    }

    /// Exchanges a refresh token of `org` for `replacement`, for staff and members alike: uses
    /// it up; a repeat within `retryWindow` of a pair never used gets a fresh pair; any other
    /// repeat ends the session. `holder` says, before anything changes, whether the session's
    /// account (by its email column) still exists and may have tokens.
    static func exchangeRefresh(org: String, refreshHash: String, replacement: SessionTokenHashes, now: Date,
                                retryWindow: TimeInterval, db: Database,
                                holder: (String) throws -> Bool) throws -> SessionExchange {
        let nowMs = Milliseconds.from(now)
        guard let row = try Row.fetchOne(db, sql: """
            SELECT s.id, s.email, s.revoked_at, t.expires_at, t.used_at, t.replaced_by
            FROM session_tokens t
            JOIN staff_sessions s ON s.id = t.session_id
            WHERE t.hash = ? AND t.kind = 'refresh' AND s.org = ?
            """, arguments: [refreshHash, org]) else { return .refused }
        let session: String = row["id"]
        let email: String = row["email"]
        let revokedAt: Int64? = row["revoked_at"]
        let usedAt: Int64? = row["used_at"]
        let expiresAt: Int64 = row["expires_at"]
        guard revokedAt == nil, expiresAt > nowMs, try holder(email) else { return .refused }
        var retried = false
        if let usedAt {
            let replacedBy: String? = row["replaced_by"]
            guard let replacedBy, nowMs - usedAt <= Int64(retryWindow * 1000),
                  try Self.pairIsUntouched(replacedBy, session: session, db: db) else {
                try db.execute(sql: "UPDATE staff_sessions SET revoked_at = ? WHERE id = ?", arguments: [nowMs, session])
                return .reused
            }
            // The answer to the exchange was lost: the pair it gave is withdrawn, its refresh
            // token kept as used and replaced by nothing, so it can only ever come back as a
            // theft. The window still counts from the first exchange.
            try db.execute(sql: "DELETE FROM session_tokens WHERE session_id = ? AND pair = ? AND kind = 'access'",
                           arguments: [session, replacedBy])
            try db.execute(sql: "UPDATE session_tokens SET used_at = ?, replaced_by = NULL WHERE hash = ?",
                           arguments: [nowMs, replacedBy])
            try db.execute(sql: "UPDATE session_tokens SET replaced_by = ? WHERE hash = ?",
                           arguments: [replacement.refreshHash, refreshHash])
            retried = true
        } else {
            try db.execute(sql: "UPDATE session_tokens SET used_at = ?, replaced_by = ? WHERE hash = ?",
                           arguments: [nowMs, replacement.refreshHash, refreshHash])
        }
        // Expired tokens of the session can never be presented successfully again: forget them.
        try db.execute(sql: "DELETE FROM session_tokens WHERE session_id = ? AND expires_at <= ?",
                       arguments: [session, nowMs])
        try Self.insertTokens(replacement, session: session, db: db)
        return retried ? .retried(key: email) : .refreshed(key: email)
    }

    /// Whether neither token of the pair whose refresh token is `refreshHash` has been used: its
    /// answer never reached anyone who acted on it.
    private static func pairIsUntouched(_ refreshHash: String, session: String, db: Database) throws -> Bool {
        let used = try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM session_tokens
            WHERE session_id = ? AND (hash = ? OR pair = ?) AND used_at IS NOT NULL
            """, arguments: [session, refreshHash, refreshHash]) ?? 0
        let present = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session_tokens WHERE session_id = ? AND hash = ?",
                                       arguments: [session, refreshHash]) ?? 0
        return used == 0 && present == 1
    }

    public func revokeSession(id: String, now: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE staff_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                           arguments: [Milliseconds.from(now), id])
        }
    }

    public func forgetExpiredSessions(now: Date, failuresBefore: Date) async throws -> Int {
        try await pool.write { db in
            // A live session keeps even its expired access tokens, so they go on answering
            // token-expired (refresh) rather than unauthorized (sign in again).
            try db.execute(sql: """
                DELETE FROM session_tokens WHERE session_id IN (
                    SELECT s.id FROM staff_sessions s
                    WHERE s.revoked_at IS NOT NULL OR NOT EXISTS (
                        SELECT 1 FROM session_tokens r
                        WHERE r.session_id = s.id AND r.kind = 'refresh' AND r.used_at IS NULL AND r.expires_at > ?))
                """, arguments: [Milliseconds.from(now)])
            try db.execute(sql: """
                DELETE FROM staff_sessions WHERE NOT EXISTS (SELECT 1 FROM session_tokens t WHERE t.session_id = staff_sessions.id)
                """)
            let sessions = db.changesCount
            try db.execute(sql: "DELETE FROM sign_in_failures WHERE at < ?", arguments: [Milliseconds.from(failuresBefore)])
            return sessions
        }
    }

    // MARK: Rows

    /// Both tokens of a pair, each marked with the pair's refresh hash.
    static func insertTokens(_ tokens: SessionTokenHashes, session: String, db: Database) throws {
        try db.execute(sql: """
            INSERT INTO session_tokens (hash, session_id, kind, expires_at, pair)
            VALUES (?, ?, 'access', ?, ?), (?, ?, 'refresh', ?, ?)
            """, arguments: [tokens.accessHash, session, Milliseconds.from(tokens.accessExpiresAt), tokens.refreshHash,
                             tokens.refreshHash, session, Milliseconds.from(tokens.refreshExpiresAt), tokens.refreshHash])
    }

    private static func staffMember(from row: Row) -> StaffMember? {
        guard let role = StaffRole(rawValue: row["role"]) else { return nil }
        return StaffMember(org: row["org"], email: row["email"], role: role, passwordHash: row["password_hash"],
                           createdAt: Milliseconds.date(row["created_at"]))
    }
}
