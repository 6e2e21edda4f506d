import Foundation
import Logging
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    // MARK: Store-made changes

    public func change<T: Sendable>(org: String, keys: Set<RecordKey>, stamps: Set<StampPair>, author: String, now: Date,
                                    _ body: @escaping @Sendable (inout RecordWriter) throws -> T) async throws -> T {
        try await transaction { connection, logger in
            // The organization's row lock orders it with every push, as for a push.
            guard let info = try await Self.fetchOrg(connection, slug: org, lock: true, logger: logger) else {
                throw StoreFailure.unknownOrg(org)
            }
            let wanted = keys.union(try await Self.stampHoldingKeys(connection, org: org, pairs: stamps, logger: logger))
            var writer = RecordWriter(org: info, records: try await Self.currentRecords(connection, org: org, keys: wanted,
                                                                                        logger: logger),
                                      author: author, now: now)
            let value = try body(&writer)
            let plan = StoreChangePlan(writer)
            try await Self.writeRecords(plan.recordWrites, history: plan.historyWrites, lastSeq: plan.newLastSeq,
                                        connection: connection, org: org, logger: logger)
            return value
        }
    }

    // MARK: Member accounts

    public func registerMember(_ account: MemberAccount, profile: JSONValue, now: Date) async throws {
        try await transaction { connection, logger in
            guard let info = try await Self.fetchOrg(connection, slug: account.org, lock: true, logger: logger) else {
                throw StoreFailure.unknownOrg(account.org)
            }
            let inserted = try await connection.query("""
                INSERT INTO members (org, id, email, password_hash, created_at)
                VALUES (\(account.org), \(account.id), \(account.email), \(account.passwordHash),
                        \(Milliseconds.from(account.createdAt)))
                ON CONFLICT (org, email) DO NOTHING RETURNING id
                """, logger: logger).collect()
            if inserted.isEmpty { throw StoreFailure.emailTaken(account.email) }
            var writer = RecordWriter(org: info, records: [:], author: MemberAccount.sessionKey(id: account.id), now: now)
            try writer.write(RecordType.member.entity, account.id, fields: profile)
            let plan = StoreChangePlan(writer)
            try await Self.writeRecords(plan.recordWrites, history: plan.historyWrites, lastSeq: plan.newLastSeq,
                                        connection: connection, org: account.org, logger: logger)
        }
    }

    public func memberAccount(org: String, email: String) async throws -> MemberAccount? {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                SELECT org, id, email, password_hash, created_at FROM members WHERE org = \(org) AND email = \(email)
                """, logger: logger)
            for try await (org, id, email, hash, created) in rows.decode((String, String, String, String, Int64).self) {
                return MemberAccount(org: org, id: id, email: email, passwordHash: hash, createdAt: Milliseconds.date(created))
            }
            return nil
        }
    }

    // MARK: Member sessions

    public func memberAccess(forTokenHash hash: String) async throws -> MemberAccess? {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                SELECT s.id, s.org, m.id, t.expires_at, t.used_at, s.revoked_at, r.fields
                FROM session_tokens t
                JOIN staff_sessions s ON s.id = t.session_id
                JOIN members m ON m.org = s.org AND 'member:' || m.id = s.email
                JOIN records r ON r.org = m.org AND r.entity = \(RecordType.member.entity) AND r.id = m.id AND NOT r.deleted
                WHERE t.hash = \(hash) AND t.kind = 'access'
                """, logger: logger)
            for try await (session, org, member, expiresAt, usedAt, revokedAt, fields)
                in rows.decode((String, String, String, Int64, Int64?, Int64?, String).self) {
                return MemberAccess(sessionId: session, org: org, memberId: member, expiresAt: Milliseconds.date(expiresAt),
                                    revoked: revokedAt != nil, profile: try JSONValue.parse(fields), used: usedAt != nil)
            }
            return nil
        }
    }

    public func refreshMemberSession(org: String, refreshHash: String, replacement: SessionTokenHashes, now: Date,
                                     retryWindow: TimeInterval) async throws -> MemberRefreshOutcome {
        try await transaction { connection, logger in
            let exchange = try await Self.exchangeRefresh(
                org: org, refreshHash: refreshHash, replacement: replacement, now: now, retryWindow: retryWindow,
                connection: connection, logger: logger) { key in
                    !(try await connection.query("""
                        SELECT id FROM members WHERE org = \(org) AND 'member:' || id = \(key)
                        """, logger: logger).collect().isEmpty)
                }
            switch exchange {
            case .refreshed(let key), .retried(let key): return .refreshed(memberId: String(key.dropFirst("member:".count)))
            case .reused: return .reused
            case .refused: return .refused
            }
        }
    }
}
