import Foundation
import StewardCore

/// Signing staff in and out, and exchanging refresh tokens: the rules, apart from HTTP.
struct StaffSessions: Sendable {
    let repository: any StoreRepository
    let accessTokenTTL: Duration
    let refreshTokenTTL: Duration
    let throttle: SignInThrottle
    let hasher: PasswordHasher

    init(repository: any StoreRepository, configuration: StoreConfiguration) {
        self.repository = repository
        self.accessTokenTTL = configuration.accessTokenTTL
        self.refreshTokenTTL = configuration.refreshTokenTTL
        self.throttle = configuration.signInThrottle
        self.hasher = configuration.passwordHasher
    }

    enum SignInOutcome: Sendable, Hashable {
        case signedIn(SessionTokens)
        /// Wrong password, or no such staff member in this organization: deliberately one case.
        case wrongCredentials
        case throttled(retryAfter: Int)
    }

    /// `email` is already normalized. A wrong password and an unknown email cost the same
    /// hashing time and count as failures alike, so neither the answer, its timing nor the
    /// throttling tells whether an email is on staff.
    func signIn(org: String, email: String, password: String, now: Date) async throws -> SignInOutcome {
        let windowStart = throttle.windowStart(now: now)
        let failures = try await repository.signInFailures(org: org, email: email, since: windowStart)
        if let wait = throttle.retryAfter(failures: failures, now: now) {
            return .throttled(retryAfter: wait)
        }
        // Counted as a failure before the slow check, and cleared if it succeeds: guesses sent
        // all at once then see one another instead of all passing the throttle together.
        try await repository.recordSignInFailure(org: org, email: email, at: now, forgetBefore: windowStart)
        let member = try await repository.staffMember(org: org, email: email)
        let storedHash = member?.passwordHash
        let hasher = self.hasher
        let matches = try await PasswordWork.run {
            guard let storedHash else {
                hasher.spendVerificationTime(password)
                return false
            }
            return PasswordHasher.verify(password, against: storedHash)
        }
        guard let member, matches else { return .wrongCredentials }
        try await repository.clearSignInFailures(org: org, email: email)
        let pair = newPair(now: now)
        try await repository.createSession(id: UUID().uuidString.lowercased(), org: org, email: member.email,
                                           tokens: pair.hashes, now: now)
        return .signedIn(pair.tokens(email: member.email, role: member.role))
    }

    enum RefreshResult: Sendable, Hashable {
        case refreshed(SessionTokens)
        /// The token had been used already; its session is now ended.
        case reused
        case refused
    }

    func refresh(org: String, refreshToken: String, now: Date) async throws -> RefreshResult {
        guard refreshToken.hasPrefix(SessionToken.refreshPrefix),
              refreshToken.count <= BearerAuthMiddleware.maxTokenLength else { return .refused }
        let pair = newPair(now: now)
        switch try await repository.refreshSession(org: org, refreshHash: BearerToken.hash(refreshToken),
                                                   replacement: pair.hashes, now: now) {
        case .refreshed(let email, let role): return .refreshed(pair.tokens(email: email, role: role))
        case .reused: return .reused
        case .refused: return .refused
        }
    }

    func signOut(sessionId: String, now: Date) async throws {
        try await repository.revokeSession(id: sessionId, now: now)
    }

    /// A fresh access and refresh token, and what the store keeps of them.
    private struct Pair {
        var access: String
        var refresh: String
        var accessSeconds: Int
        var refreshSeconds: Int
        var hashes: SessionTokenHashes

        func tokens(email: String, role: StaffRole) -> SessionTokens {
            SessionTokens(accessToken: access, refreshToken: refresh, accessExpiresIn: accessSeconds,
                          refreshExpiresIn: refreshSeconds, email: email, role: role)
        }
    }

    private func newPair(now: Date) -> Pair {
        let access = SessionToken.newAccess()
        let refresh = SessionToken.newRefresh()
        let accessSeconds = Int(accessTokenTTL.wholeSeconds)
        let refreshSeconds = Int(refreshTokenTTL.wholeSeconds)
        let hashes = SessionTokenHashes(
            accessHash: BearerToken.hash(access), accessExpiresAt: now.addingTimeInterval(TimeInterval(accessSeconds)),
            refreshHash: BearerToken.hash(refresh), refreshExpiresAt: now.addingTimeInterval(TimeInterval(refreshSeconds)))
        return Pair(access: access, refresh: refresh, accessSeconds: accessSeconds, refreshSeconds: refreshSeconds,
                    hashes: hashes)
    }
}
