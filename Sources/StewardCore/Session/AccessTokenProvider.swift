import Foundation
import Translation

/// Where the sync transport gets its bearer token: an API token as it is, or a staff member's
/// access token, renewed with the refresh token when it is about to expire or has expired.
public protocol AccessTokenProvider: Sendable {
    /// The token for the next request.
    func token() async throws(SyncTransportError) -> String
    /// The store answered 401 `token-expired` to a request sent with `rejected`: a renewed token
    /// to send it once more, or nil when this kind of token cannot be renewed.
    func renewed(after rejected: String) async throws(SyncTransportError) -> String?
}

/// An API token (`stewardctl remote set --token`): the same on every request, never renewed.
public struct FixedTokenProvider: AccessTokenProvider {
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public func token() async throws(SyncTransportError) -> String { value }
    public func renewed(after rejected: String) async throws(SyncTransportError) -> String? { nil }
}

/// A signed-in staff member's tokens, read from the credential store when first needed. A
/// renewal saves the new pair to the credential store before the new access token is used: the
/// store has used up the old refresh token, so a pair that was used but not kept would sign the
/// console out at its next start. A renewal the store answers with 401 means the session is
/// over (signed out elsewhere, expired, or its refresh token replayed): the credentials are
/// forgotten and every request fails with `signedOut`.
///
/// A refresh whose answer is lost (the connection broke or timed out after the request left)
/// may have been carried out by the store: the old refresh token is then used up, and the new
/// pair was never received. It is sent again at once, a few times: the store answers a repeat
/// of the refresh token it has just exchanged, within a short grace window, with a fresh pair,
/// where any later repeat would end the session as a stolen token.
public actor StaffTokenProvider: AccessTokenProvider {
    private let url: String
    private let security: TransportSecurity
    private let orgSlug: String
    private let key: CredentialKey
    private let credentials: any CredentialStore
    private let transport: any SessionTransport
    private let onSignedOut: @Sendable () async -> Void
    private let now: @Sendable () -> Date
    private let lostAnswerRetryDelays: [Duration]
    private var current: SessionCredentials?
    private var signedOut = false

    /// Pauses before sending a refresh again after its answer was lost: all well inside the
    /// store's grace window (60 seconds) for a repeated refresh token.
    public static let standardLostAnswerRetryDelays: [Duration] = [.milliseconds(500), .seconds(2), .seconds(5)]

    /// `onSignedOut` runs once when the session turns out to be over (to mark the remote row).
    public init(url: String, security: TransportSecurity = TransportSecurity(), orgSlug: String, key: CredentialKey,
                credentials: any CredentialStore, transport: any SessionTransport,
                onSignedOut: @escaping @Sendable () async -> Void = {},
                now: @escaping @Sendable () -> Date = { Date() },
                lostAnswerRetryDelays: [Duration] = standardLostAnswerRetryDelays) {
        self.url = url
        self.security = security
        self.orgSlug = orgSlug
        self.key = key
        self.credentials = credentials
        self.transport = transport
        self.onSignedOut = onSignedOut
        self.now = now
        self.lostAnswerRetryDelays = lostAnswerRetryDelays
    }

    public func token() async throws(SyncTransportError) -> String {
        let kept = try load()
        if kept.accessTokenNeedsRenewal(at: now()) {
            return try await renew(kept).accessToken
        }
        return kept.accessToken
    }

    public func renewed(after rejected: String) async throws(SyncTransportError) -> String? {
        let kept = try load()
        // Renewed since that request left (by an earlier request's renewal): use the new one.
        if kept.accessToken != rejected { return kept.accessToken }
        return try await renew(kept).accessToken
    }

    private func load() throws(SyncTransportError) -> SessionCredentials {
        if signedOut { throw .signedOut }
        if let current { return current }
        let loaded: SessionCredentials?
        do {
            loaded = try credentials.load(key)
        } catch {
            throw .credentialsUnavailable(tr("cannot read the sign-in from {store}: {error}",
                                             ["store": credentials.displayName, "error": "\(error)"]))
        }
        guard let loaded, loaded.url == url else { throw .signedOut }
        current = loaded
        return loaded
    }

    private func renew(_ kept: SessionCredentials) async throws(SyncTransportError) -> SessionCredentials {
        guard kept.refreshExpiresAt > now() else {
            await endSession()
            throw .signedOut
        }
        let tokens: SessionTokens
        do {
            tokens = try await refreshSurvivingLostAnswers(kept.refreshToken)
        } catch .status(401, _) {
            await endSession()
            throw .signedOut
        }
        let fresh = SessionCredentials(url: url, tokens: tokens, issuedAt: now())
        do {
            try credentials.save(fresh, for: key)
        } catch {
            throw .credentialsUnavailable(tr("cannot save the renewed sign-in to {store}: {error}",
                                             ["store": credentials.displayName, "error": "\(error)"]))
        }
        current = fresh
        return fresh
    }

    /// The refresh, sent again right away when its answer was lost after it may have reached
    /// the store (see the type's comment); other failures are thrown at once.
    private func refreshSurvivingLostAnswers(_ refreshToken: String) async throws(SyncTransportError) -> SessionTokens {
        var pauses = lostAnswerRetryDelays[...]
        while true {
            do {
                return try await transport.refresh(url: url, security: security, org: orgSlug,
                                                   RefreshRequest(refreshToken: refreshToken))
            } catch .transport(let failure) where Self.mayHaveArrived(failure) && !pauses.isEmpty {
                let pause = pauses.removeFirst()
                do {
                    try await Task.sleep(for: pause)
                } catch {
                    throw .transport(.cancelled)
                }
            }
        }
    }

    /// The request may have reached the store and been carried out.
    private static func mayHaveArrived(_ failure: HTTPClientError) -> Bool {
        switch failure {
        case .connectionLost, .timedOut: true
        default: false
        }
    }

    private func endSession() async {
        signedOut = true
        current = nil
        try? credentials.delete(key)
        await onSignedOut()
    }
}
