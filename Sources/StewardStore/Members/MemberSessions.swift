import Foundation
import StewardCore

/// Registering app members and signing them in, out and on: the rules, apart from HTTP. The
/// throttles, the bounded line for password work, the hashing and the tokens are the staff
/// sessions' own (`StaffSessions`); a member's session differs only in where it is filed.
struct MemberSessions: Sendable {
    let sessions: StaffSessions
    /// Per organization and source address, counted in the database.
    let registrations: AttemptLimit

    var repository: any StoreRepository { sessions.repository }

    enum Registration: Sendable {
        case registered(MemberProfile)
        case emailTaken
        case throttled(retryAfter: Int)
        case busy
    }

    /// `email` is normalized, `password`, `displayName` and `audience` checked.
    func register(org: String, email: String, password: String, displayName: String, audience: MemberAudience,
                  source: String) async throws -> Registration {
        if let wait = try await registrations.admit("\(org)|\(source)") { return .throttled(retryAfter: wait) }
        // Refused before the slow hashing, and again by the database's unique key.
        if try await repository.memberAccount(org: org, email: email) != nil { return .emailTaken }
        guard let hash = try await sessions.hashNewPassword(password) else { return .busy }
        let now = Date()
        let id = UUID().uuidString.lowercased()
        let profile = JSONValue.object([
            "displayName": .string(displayName), "email": .string(email), "audience": .string(audience.rawValue),
            "role": .string(MemberRole.member.rawValue), "disabled": .bool(false),
            "registeredAt": .string(DateTimeText.utc(now)),
        ])
        do {
            try await repository.registerMember(MemberAccount(org: org, id: id, email: email, passwordHash: hash, createdAt: now),
                                                profile: profile, now: now)
        } catch StoreFailure.emailTaken {
            return .emailTaken
        }
        return .registered(MemberProfile(id: id, fields: profile))
    }

    enum SignIn: Sendable {
        case signedIn(MemberSessionTokens)
        case refused(StaffSessions.SignInOutcome)
        case disabled
    }

    /// `email` is normalized. Throttled apart from a staff account with the same email.
    func signIn(org: String, email: String, password: String, source: String) async throws -> SignIn {
        let attempt = SignInAttempt(org: org, email: MemberAccount.throttleKey(email: email), source: source, at: Date())
        let repository = self.repository
        let verified = try await sessions.authenticate(attempt, password: password) {
            try await repository.memberAccount(org: org, email: email).map { ($0, $0.passwordHash) }
        }
        switch verified {
        case .refused(let outcome):
            return .refused(outcome)
        case .verified(let account):
            let now = Date()
            let pair = sessions.newPair(now: now, principal: .member)
            let session = UUID().uuidString.lowercased()
            try await repository.createSession(id: session, org: org, email: account.sessionKey, tokens: pair.hashes, now: now)
            // The disabled flag is in the member's record, read with the new session: a disabled
            // member's session ends before its tokens are handed out.
            guard let access = try await repository.memberAccess(forTokenHash: pair.hashes.accessHash),
                  !access.isDisabled else {
                try await repository.revokeSession(id: session, now: now)
                return .disabled
            }
            return .signedIn(tokens(pair, access: access))
        }
    }

    enum Refresh: Sendable {
        case refreshed(MemberSessionTokens)
        case reused
        case refused
    }

    func refresh(org: String, refreshToken: String, now: Date) async throws -> Refresh {
        guard refreshToken.hasPrefix(SessionToken.memberRefreshPrefix),
              refreshToken.count <= BearerAuthMiddleware.maxTokenLength else { return .refused }
        let pair = sessions.newPair(now: now, principal: .member)
        switch try await repository.refreshMemberSession(
            org: org, refreshHash: BearerToken.hash(refreshToken), replacement: pair.hashes, now: now,
            retryWindow: TimeInterval(sessions.refreshRetryGrace.components.seconds)) {
        case .refreshed:
            guard let access = try await repository.memberAccess(forTokenHash: pair.hashes.accessHash),
                  !access.isDisabled else { return .refused }
            return .refreshed(tokens(pair, access: access))
        case .reused: return .reused
        case .refused: return .refused
        }
    }

    private func tokens(_ pair: StaffSessions.Pair, access: MemberAccess) -> MemberSessionTokens {
        MemberSessionTokens(accessToken: pair.access, refreshToken: pair.refresh, accessExpiresIn: pair.accessSeconds,
                            refreshExpiresIn: pair.refreshSeconds, member: MemberProfile(id: access.memberId, fields: access.profile))
    }
}
