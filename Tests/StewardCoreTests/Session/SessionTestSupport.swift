import Foundation
@testable import StewardCore

/// A scripted store for the session requests: answers sign-ins and refreshes from queues and
/// records what it was sent.
actor FakeSessionTransport: SessionTransport {
    private var signInAnswers: [Result<SessionTokens, SyncTransportError>] = []
    private var refreshAnswers: [Result<SessionTokens, SyncTransportError>] = []
    private(set) var signInRequests: [SignInRequest] = []
    private(set) var refreshTokensPresented: [String] = []
    private(set) var signedOutTokens: [String] = []
    /// What the credential store held when each refresh was answered (to check the order of
    /// saving and using).
    private(set) var keptDuringRefresh: [String?] = []
    private let credentials: (any CredentialStore)?
    private let key: CredentialKey?

    init(credentials: (any CredentialStore)? = nil, key: CredentialKey? = nil) {
        self.credentials = credentials
        self.key = key
    }

    func answerSignIn(_ answer: Result<SessionTokens, SyncTransportError>) { signInAnswers.append(answer) }
    private var accountSignInAnswers: [Result<AccountSessions, SyncTransportError>] = []
    private(set) var accountSignInRequests: [SignInRequest] = []
    func answerAccountSignIn(_ answer: Result<AccountSessions, SyncTransportError>) { accountSignInAnswers.append(answer) }

    func signInToEveryOrganization(url: String, security: TransportSecurity,
                                   _ request: SignInRequest) async throws(SyncTransportError) -> AccountSessions {
        accountSignInRequests.append(request)
        guard !accountSignInAnswers.isEmpty else { throw .transport(.couldNotConnect("connection refused")) }
        return try accountSignInAnswers.removeFirst().get()
    }
    func answerRefresh(_ answer: Result<SessionTokens, SyncTransportError>) { refreshAnswers.append(answer) }

    func signIn(url: String, security: TransportSecurity, org: String, _ request: SignInRequest) async throws(SyncTransportError) -> SessionTokens {
        signInRequests.append(request)
        guard !signInAnswers.isEmpty else { throw .transport(.couldNotConnect("connection refused")) }
        return try signInAnswers.removeFirst().get()
    }

    func refresh(url: String, security: TransportSecurity, org: String, _ request: RefreshRequest) async throws(SyncTransportError) -> SessionTokens {
        refreshTokensPresented.append(request.refreshToken)
        if let credentials, let key {
            keptDuringRefresh.append((try? credentials.load(key))?.accessToken)
        }
        guard !refreshAnswers.isEmpty else { throw .status(401, ErrorResponse(error: "unauthorized", message: "no session")) }
        return try refreshAnswers.removeFirst().get()
    }

    func signOut(url: String, security: TransportSecurity, org: String, accessToken: String) async throws(SyncTransportError) {
        signedOutTokens.append(accessToken)
    }
}

extension SessionTokens {
    static func issued(_ n: Int, email: String = "ann@grace.example", role: StaffRole = .editor,
                       accessLifetime: Int = 900) -> SessionTokens {
        SessionTokens(accessToken: "access-\(n)", refreshToken: "refresh-\(n)", accessExpiresIn: accessLifetime,
                      refreshExpiresIn: 86_400, email: email, role: role)
    }
}

/// Waits until `condition` holds, checking every 20 ms, for at most `seconds`: for outcomes of
/// background work (the test asserts the outcome, not how long it took).
func eventually(within seconds: Double = 120, _ condition: @Sendable () async throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try await condition() { return true }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return try await condition()
}
