import Foundation

/// A staff member signed in at a store without naming an organization (`POST /v1/session`):
/// the organizations their email and password open there, each with its own session, not kept
/// anywhere yet. `SessionService.connect` sets up the ones chosen; `discard` ends the others.
public struct StoreAccount: Hashable, Sendable {
    /// The store's address as checked (no trailing slash), and how it is reached.
    public var url: String
    public var security: TransportSecurity
    public var email: String
    /// By slug; never empty.
    public var organizations: [OrgSession]

    public init(url: String, security: TransportSecurity, email: String, organizations: [OrgSession]) {
        self.url = url
        self.security = security
        self.email = email
        self.organizations = organizations
    }
}

extension SessionService {
    /// Signs `email` in at the store at `url` for every organization they are on the staff of
    /// there. Throws what `signIn` throws (`ValidationError`, `InsecureConnectionError`,
    /// `SignInError`); `SignInError.storeWithoutAccountSignIn` for a store too old to answer it.
    /// Nothing is stored: the sessions wait in the answer for `connect` or `discard`.
    public func signInToStore(url: String, email: String, password: String,
                              security requested: TransportSecurity = TransportSecurity()) async throws -> StoreAccount {
        let (cleanURL, cleanEmail, security) = try Self.validated(url: url, email: email, password: password,
                                                                  security: requested)
        let answer: AccountSessions
        do {
            answer = try await transport.signInToEveryOrganization(
                url: cleanURL, security: security, SignInRequest(email: cleanEmail, password: password))
        } catch .status(404, let body) where body?.error == ErrorResponse.Code.notFound {
            throw SignInError.storeWithoutAccountSignIn(url: cleanURL)
        } catch {
            throw Self.signInError(for: error, url: cleanURL, slug: "")
        }
        guard !answer.organizations.isEmpty else { throw SignInError.wrongCredentials }
        return StoreAccount(url: cleanURL, security: security, email: answer.organizations[0].tokens.email,
                            organizations: answer.organizations.sorted { $0.org < $1.org })
    }

    /// Sets up one organization of `account` in this console: the organization with the store's
    /// slug, made with the store's name and time zone and `kind` (its modules the kind's) when
    /// the console has none of that slug, then signed in with its session as the Sync page's
    /// sign-in does. Throws `OrganizationError.invalid` when the store's name or zone is not
    /// one the console accepts; then nothing is kept and the session is ended on the store.
    public func connect(_ session: OrgSession, of account: StoreAccount, kind: OrganizationKind) async throws -> Organization {
        let organizations = OrganizationService(database: database)
        let org: Organization
        do {
            if let existing = try await organizations.all().first(where: { $0.slug == session.org }) {
                org = existing
            } else {
                org = try await organizations.add(slug: session.org, name: session.name, timeZone: session.timeZone, kind: kind)
            }
        } catch {
            await discard([session], of: account)
            throw error
        }
        _ = try await keep(session.tokens, for: org, url: account.url, security: account.security)
        return org
    }

    /// Ends on the store the sessions that will not be used (organizations not chosen).
    public func discard(_ sessions: [OrgSession], of account: StoreAccount) async {
        for session in sessions {
            try? await transport.signOut(url: account.url, security: account.security, org: session.org,
                                         accessToken: session.tokens.accessToken)
        }
    }
}
