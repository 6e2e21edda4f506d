import Foundation
import GRDB
import StewardCore

extension SQLiteStoreRepository {
    // MARK: Store-made changes

    public func change<T: Sendable>(org: String, keys: Set<RecordKey>, stamps: Set<StampPair>, author: String, now: Date,
                                    _ body: @escaping @Sendable (inout RecordWriter) throws -> T) async throws -> T {
        // One write transaction: SQLite's single writer orders it with every push.
        try await pool.write { db in
            guard let info = try Self.fetchOrg(db, slug: org) else { throw StoreFailure.unknownOrg(org) }
            let wanted = keys.union(try Self.stampHoldingKeys(db, org: org, pairs: stamps))
            var writer = RecordWriter(org: info, records: try Self.currentRecords(db, org: org, keys: wanted),
                                      author: author, now: now)
            let value = try body(&writer)
            let plan = StoreChangePlan(writer)
            try Self.writeRecords(plan.recordWrites, history: plan.historyWrites, lastSeq: plan.newLastSeq, db: db, org: org)
            return value
        }
    }

    // MARK: Member accounts

    public func registerMember(_ account: MemberAccount, profile: JSONValue, now: Date) async throws {
        try await pool.write { db in
            guard let info = try Self.fetchOrg(db, slug: account.org) else { throw StoreFailure.unknownOrg(account.org) }
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM members WHERE org = ? AND email = ?",
                                 arguments: [account.org, account.email]) != nil {
                throw StoreFailure.emailTaken(account.email)
            }
            try db.execute(sql: "INSERT INTO members (org, id, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [account.org, account.id, account.email, account.passwordHash,
                                       Milliseconds.from(account.createdAt)])
            var writer = RecordWriter(org: info, records: [:], author: MemberAccount.sessionKey(id: account.id), now: now)
            try writer.write(RecordType.member.entity, account.id, fields: profile)
            let plan = StoreChangePlan(writer)
            try Self.writeRecords(plan.recordWrites, history: plan.historyWrites, lastSeq: plan.newLastSeq, db: db,
                                  org: account.org)
        }
    }

    public func memberAccount(org: String, email: String) async throws -> MemberAccount? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT org, id, email, password_hash, created_at FROM members WHERE org = ? AND email = ?",
                             arguments: [org, email]).map { row in
                MemberAccount(org: row["org"], id: row["id"], email: row["email"], passwordHash: row["password_hash"],
                              createdAt: Milliseconds.date(row["created_at"]))
            }
        }
    }

    // MARK: Member sessions

    public func memberAccess(forTokenHash hash: String) async throws -> MemberAccess? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT s.id, s.org, m.id AS member_id, t.expires_at, t.used_at, s.revoked_at, r.fields
                FROM session_tokens t
                JOIN staff_sessions s ON s.id = t.session_id
                JOIN members m ON m.org = s.org AND 'member:' || m.id = s.email
                JOIN records r ON r.org = m.org AND r.entity = ? AND r.id = m.id AND r.deleted = 0
                WHERE t.hash = ? AND t.kind = 'access'
                """, arguments: [RecordType.member.entity, hash]) else { return nil }
            let revokedAt: Int64? = row["revoked_at"]
            let usedAt: Int64? = row["used_at"]
            return MemberAccess(sessionId: row["id"], org: row["org"], memberId: row["member_id"],
                                expiresAt: Milliseconds.date(row["expires_at"]), revoked: revokedAt != nil,
                                profile: try JSONValue.parse(row["fields"] as String), used: usedAt != nil)
        }
    }

    public func refreshMemberSession(org: String, refreshHash: String, replacement: SessionTokenHashes, now: Date,
                                     retryWindow: TimeInterval) async throws -> MemberRefreshOutcome {
        try await pool.write { db in
            let exchange = try Self.exchangeRefresh(org: org, refreshHash: refreshHash, replacement: replacement, now: now,
                                                    retryWindow: retryWindow, db: db) { key in
                try Bool.fetchOne(db, sql: "SELECT 1 FROM members WHERE org = ? AND 'member:' || id = ?",
                                  arguments: [org, key]) != nil
            }
            switch exchange {
            case .refreshed(let key), .retried(let key): return .refreshed(memberId: String(key.dropFirst("member:".count)))
            case .reused: return .reused
            case .refused: return .refused
            }
        }
    }
}
