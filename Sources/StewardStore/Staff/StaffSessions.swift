import Foundation
import StewardCore

/// Signing staff in and out, and exchanging refresh tokens: the rules, apart from HTTP.
struct StaffSessions: Sendable {
    let repository: any StoreRepository
    let accessTokenTTL: Duration
    let refreshTokenTTL: Duration
    let refreshRetryGrace: Duration
    let limits: SignInLimits
    let queue: PasswordWorkQueue
    let hasher: PasswordHasher
    /// Waits the database already gave, so a flood is refused without a transaction per guess.
    let memo = ThrottleMemo()

    init(repository: any StoreRepository, configuration: StoreConfiguration) {
        self.repository = repository
        self.accessTokenTTL = configuration.accessTokenTTL
        self.refreshTokenTTL = configuration.refreshTokenTTL
        self.refreshRetryGrace = configuration.refreshRetryGrace
        self.limits = configuration.signInLimits
        self.queue = configuration.passwordQueue
        self.hasher = configuration.passwordHasher
    }

    enum SignInOutcome: Sendable, Hashable {
        case signedIn(SessionTokens)
        /// Wrong password, or no such staff member in this organization: deliberately one case.
        case wrongCredentials
        /// Too many recent failures for this account.
        case throttled(retryAfter: Int)
        /// Too many recent failures from this address, whatever the emails.
        case sourceThrottled(retryAfter: Int)
        /// Too many sign-ins waiting for their password check already.
        case busy
    }

    /// `attempt.email` is already normalized. A wrong password and an unknown email cost the
    /// same hashing time and count as failures alike, so neither the answer, its timing nor the
    /// throttling tells whether an email is on staff.
    func signIn(_ attempt: SignInAttempt, password: String) async throws -> SignInOutcome {
        let repository = self.repository
        let verified = try await authenticate(attempt, password: password) {
            try await repository.staffMember(org: attempt.org, email: attempt.email).map { ($0, $0.passwordHash) }
        }
        switch verified {
        case .verified(let member):
            // Lifetimes count from now, not from the attempt's arrival: a sign-in that waited in
            // line must still hand out tokens that last as long as the answer says.
            let issuedAt = Date()
            let pair = newPair(now: issuedAt)
            try await repository.createSession(id: UUID().uuidString.lowercased(), org: attempt.org, email: member.email,
                                               tokens: pair.hashes, now: issuedAt)
            return .signedIn(pair.tokens(email: member.email, role: member.role))
        case .refused(let outcome):
            return outcome
        }
    }

    /// How checking a password went, for staff and members alike.
    enum Authentication<Account: Sendable>: Sendable {
        case verified(Account)
        /// Never `.signedIn`.
        case refused(SignInOutcome)
    }

    /// The checks every sign-in goes through, a staff member's or an app member's: the throttles
    /// (counted before the slow check, cleared on success), the bounded line for password
    /// checks, and the decoy check for an account nobody has. `account` looks the account up by
    /// `attempt`'s organization and email; nil when there is none.
    func authenticate<Account: Sendable>(
        _ attempt: SignInAttempt, password: String,
        account lookup: @escaping @Sendable () async throws -> (account: Account, passwordHash: String)?
    ) async throws -> Authentication<Account> {
        switch try await authenticateAny(attempt, password: password, accounts: { try await lookup().map { [$0] } ?? [] }) {
        case .verified(let accounts): .verified(accounts[0])
        case .refused(let outcome): .refused(outcome)
        }
    }

    /// `authenticate` for a sign-in that may match several accounts (one email on the staff of
    /// several organizations, each with its own password): every account `accounts` finds is
    /// checked within the one place in line, and the ones the password opens are answered (never
    /// none: no match is `.wrongCredentials`).
    func authenticateAny<Account: Sendable>(
        _ attempt: SignInAttempt, password: String,
        accounts lookup: @escaping @Sendable () async throws -> [(account: Account, passwordHash: String)]
    ) async throws -> Authentication<[Account]> {
        // A wait already known is answered before taking a place in line.
        if let known = memo.admission(for: attempt), let refusal = Self.refusal(known) { return .refused(refusal) }
        // Looked up before taking a place: a sign-in to an account that exists may take one of
        // the places kept for real accounts, so a flood of made-up emails cannot turn it away.
        let found = try await lookup()
        let outcome: Authentication<[Account]>? = try await queue.withSlot(found.isEmpty ? .other : .knownAccount) {
            // Counted as a failure before the slow check, in the same transaction as the check
            // of the limits, and cleared if it succeeds: guesses sent all at once see one
            // another instead of all passing the throttle together. (Looked up in the memo
            // again: a wait may have been learned while this attempt stood in line.)
            let admission: SignInAdmission
            if let known = memo.admission(for: attempt) {
                admission = known
            } else {
                admission = try await repository.admitSignIn(attempt, limits: limits)
                memo.remember(admission, for: attempt)
            }
            if let refusal = Self.refusal(admission) { return .refused(refusal) }
            let storedHashes = found.map(\.passwordHash)
            let hasher = self.hasher
            let matching = try await queue.check { () -> [Int] in
                guard !storedHashes.isEmpty else {
                    hasher.spendVerificationTime(password)
                    return []
                }
                return storedHashes.indices.filter { PasswordHasher.verify(password, against: storedHashes[$0]) }
            }
            guard !matching.isEmpty else { return .refused(.wrongCredentials) }
            try await repository.clearSignInFailures(org: attempt.org, email: attempt.email)
            memo.forgetAccount(of: attempt)
            return .verified(matching.map { found[$0].account })
        }
        return outcome ?? .refused(.busy)
    }

    /// Hashes a new password (a member registering) through the same bounded line as sign-ins;
    /// nil when the line is full.
    func hashNewPassword(_ password: String) async throws -> String? {
        let hasher = self.hasher
        return try await queue.withSlot {
            try await queue.check { try hasher.hash(password) }
        }
    }

    private static func refusal(_ admission: SignInAdmission) -> SignInOutcome? {
        switch admission {
        case .accountThrottled(let wait): .throttled(retryAfter: wait)
        case .sourceThrottled(let wait): .sourceThrottled(retryAfter: wait)
        case .admitted: nil
        }
    }

    enum RefreshResult: Sendable, Hashable {
        case refreshed(SessionTokens)
        /// A repeat of the latest refresh, whose answer was lost: a fresh pair all the same.
        case retried(SessionTokens)
        /// The token had been used already; its session is now ended.
        case reused
        case refused
    }

    func refresh(org: String, refreshToken: String, now: Date) async throws -> RefreshResult {
        guard refreshToken.hasPrefix(SessionToken.refreshPrefix),
              refreshToken.count <= BearerAuthMiddleware.maxTokenLength else { return .refused }
        let pair = newPair(now: now)
        switch try await repository.refreshSession(org: org, refreshHash: BearerToken.hash(refreshToken),
                                                   replacement: pair.hashes, now: now,
                                                   retryWindow: TimeInterval(refreshRetryGrace.components.seconds)) {
        case .refreshed(let email, let role): return .refreshed(pair.tokens(email: email, role: role))
        case .retried(let email, let role): return .retried(pair.tokens(email: email, role: role))
        case .reused: return .reused
        case .refused: return .refused
        }
    }

    func signOut(sessionId: String, now: Date) async throws {
        try await repository.revokeSession(id: sessionId, now: now)
    }

    /// A fresh access and refresh token, and what the store keeps of them.
    struct Pair {
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

    func newPair(now: Date, principal: SessionToken.Principal = .staff) -> Pair {
        let access = BearerToken.generate(prefix: principal.accessPrefix)
        let refresh = BearerToken.generate(prefix: principal.refreshPrefix)
        let accessSeconds = Int(accessTokenTTL.wholeSeconds)
        let refreshSeconds = Int(refreshTokenTTL.wholeSeconds)
        let hashes = SessionTokenHashes(
            accessHash: BearerToken.hash(access), accessExpiresAt: now.addingTimeInterval(TimeInterval(accessSeconds)),
            refreshHash: BearerToken.hash(refresh), refreshExpiresAt: now.addingTimeInterval(TimeInterval(refreshSeconds)))
        return Pair(access: access, refresh: refresh, accessSeconds: accessSeconds, refreshSeconds: refreshSeconds,
                    hashes: hashes)
    }
}
