import Foundation
import Translation

/// The session requests of the protocol: sign in, refresh, sign out. `HTTPSessionTransport`
/// speaks them to a real store; tests put a scripted fake in its place. `security` is how the
/// store at `url` is reached (its CA file; whether plain http:// off this computer was allowed).
public protocol SessionTransport: Sendable {
    func signIn(url: String, security: TransportSecurity, org: String, _ request: SignInRequest) async throws(SyncTransportError) -> SessionTokens
    func refresh(url: String, security: TransportSecurity, org: String, _ request: RefreshRequest) async throws(SyncTransportError) -> SessionTokens
    func signOut(url: String, security: TransportSecurity, org: String, accessToken: String) async throws(SyncTransportError)
    /// `POST /v1/session`: a session in every organization of the store where the email and
    /// password are on staff.
    func signInToEveryOrganization(url: String, security: TransportSecurity,
                                   _ request: SignInRequest) async throws(SyncTransportError) -> AccountSessions
}

extension SessionTransport {
    /// For transports made before the store had it: answered like a store without the endpoint.
    public func signInToEveryOrganization(url: String, security: TransportSecurity,
                                          _ request: SignInRequest) async throws(SyncTransportError) -> AccountSessions {
        throw .status(404, ErrorResponse(error: "not-found", message: "no such endpoint"))
    }
}

/// `POST /v1/orgs/{org}/session`, `POST …/session/refresh` and `DELETE …/session` over HTTP.
public struct HTTPSessionTransport: SessionTransport {
    public let client: HTTPClient

    public init(client: HTTPClient) {
        self.client = client
    }

    public func signIn(url: String, security: TransportSecurity, org: String,
                       _ request: SignInRequest) async throws(SyncTransportError) -> SessionTokens {
        try await post(Self.endpoint(url, org, "session"), security, request)
    }

    public func signInToEveryOrganization(url: String, security: TransportSecurity,
                                          _ request: SignInRequest) async throws(SyncTransportError) -> AccountSessions {
        try await post("\(url)/v1/session", security, request)
    }

    public func refresh(url: String, security: TransportSecurity, org: String,
                        _ request: RefreshRequest) async throws(SyncTransportError) -> SessionTokens {
        try await post(Self.endpoint(url, org, "session/refresh"), security, request)
    }

    public func signOut(url: String, security: TransportSecurity, org: String,
                        accessToken: String) async throws(SyncTransportError) {
        let response: HTTPClientResponse
        do {
            response = try await client.send(HTTPClientRequest(
                method: "DELETE", url: Self.endpoint(url, org, "session"),
                headers: ["Accept": "application/json"], bearerToken: accessToken, security: security))
        } catch {
            throw .transport(error)
        }
        guard (200..<300).contains(response.status) else {
            throw .status(response.status, try? JSONDecoder().decode(ErrorResponse.self, from: response.body))
        }
    }

    static func endpoint(_ url: String, _ org: String, _ path: String) -> String {
        let slug = org.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? org
        return "\(url)/v1/orgs/\(slug)/\(path)"
    }

    /// Sign-in and refresh bodies hold a password or a refresh token: sent as secrets.
    private func post<Body: Encodable, Answer: Decodable>(_ address: String, _ security: TransportSecurity,
                                                          _ body: Body) async throws(SyncTransportError) -> Answer {
        let data: Data
        do {
            data = try JSONEncoder().encode(body)
        } catch {
            throw .invalidResponse(tr("cannot encode the request: {error}", ["error": "\(error)"]))
        }
        let response: HTTPClientResponse
        do {
            response = try await client.send(HTTPClientRequest(
                method: "POST", url: address,
                headers: ["Content-Type": "application/json", "Accept": "application/json"], body: data,
                bodyIsSecret: true, security: security))
        } catch {
            throw .transport(error)
        }
        guard response.status == 200 else {
            throw .status(response.status, try? JSONDecoder().decode(ErrorResponse.self, from: response.body))
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            throw .invalidResponse(tr("the answer is not a session: {error}", ["error": "\(error)"]))
        }
    }
}
