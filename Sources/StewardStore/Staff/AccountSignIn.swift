import Foundation
import StewardCore

/// Signing a staff member in without naming an organization (`POST /v1/session`): one session in
/// each organization where the email and password are on staff. A console with no organization
/// yet asks this to list what its user may connect to.
///
/// The same checks as the per-organization sign-in (`StaffSessions.authenticateAny`): the
/// throttles, counted in the database, per email (under `SignInAttempt.everyOrganization`, so
/// these attempts have their own count beside each organization's) and per source address
/// (shared with every other sign-in from there), and the same bounded line for password checks.
extension StaffSessions {
    enum AccountSignInOutcome: Sendable, Hashable {
        /// Never empty.
        case signedIn([OrgSession])
        /// Never `.signedIn`.
        case refused(SignInOutcome)
    }

    /// `email` is already normalized. No organization matching answers `.wrongCredentials`,
    /// whatever the reason (no such email, a wrong password everywhere), like the per-organization sign-in.
    func signInToEveryOrganization(email: String, source: String, password: String, at date: Date) async throws -> AccountSignInOutcome {
        let repository = self.repository
        let attempt = SignInAttempt(org: SignInAttempt.everyOrganization, email: email, source: source, at: date)
        let verified = try await authenticateAny(attempt, password: password) {
            try await repository.staffAccounts(email: email).map { ($0, $0.passwordHash) }
        }
        switch verified {
        case .refused(let outcome):
            return .refused(outcome)
        case .verified(let members):
            var sessions: [OrgSession] = []
            for member in members {
                // An organization removed since the lookup is simply left out.
                guard let org = try await repository.org(slug: member.org) else { continue }
                let issuedAt = Date()
                let pair = newPair(now: issuedAt)
                try await repository.createSession(id: UUID().uuidString.lowercased(), org: member.org, email: member.email,
                                                   tokens: pair.hashes, now: issuedAt)
                sessions.append(OrgSession(org: org.slug, name: org.name, timeZone: org.timeZone,
                                           tokens: pair.tokens(email: member.email, role: member.role)))
            }
            return sessions.isEmpty ? .refused(.wrongCredentials) : .signedIn(sessions)
        }
    }
}

extension SignInAttempt {
    /// The organization the throttles count a sign-in to every organization under: not a slug
    /// (slugs are letters, digits and dashes), so it never mixes with an organization's count.
    static let everyOrganization = "*"
}
