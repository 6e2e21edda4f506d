import Foundation

/// The session requests of the protocol: sign in, refresh, sign out. `HTTPSessionTransport`
/// speaks them to a real store; tests put a scripted fake in its place.
public protocol SessionTransport: Sendable {
    func signIn(url: String, org: String, _ request: SignInRequest) async throws(SyncTransportError) -> SessionTokens
    func refresh(url: String, org: String, _ request: RefreshRequest) async throws(SyncTransportError) -> SessionTokens
    func signOut(url: String, org: String, accessToken: String) async throws(SyncTransportError)
}

/// `POST /v1/orgs/{org}/session`, `POST …/session/refresh` and `DELETE …/session` over HTTP.
public struct HTTPSessionTransport: SessionTransport {
    public let client: HTTPClient

    public init(client: HTTPClient) {
        self.client = client
    }

    public func signIn(url: String, org: String, _ request: SignInRequest) async throws(SyncTransportError) -> SessionTokens {
        try await post(Self.endpoint(url, org, "session"), request)
    }

    public func refresh(url: String, org: String, _ request: RefreshRequest) async throws(SyncTransportError) -> SessionTokens {
        try await post(Self.endpoint(url, org, "session/refresh"), request)
    }

    public func signOut(url: String, org: String, accessToken: String) async throws(SyncTransportError) {
        let response: HTTPClientResponse
        do {
            response = try await client.send(HTTPClientRequest(
                method: "DELETE", url: Self.endpoint(url, org, "session"),
                headers: ["Accept": "application/json"], bearerToken: accessToken))
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

    private func post<Body: Encodable>(_ address: String, _ body: Body) async throws(SyncTransportError) -> SessionTokens {
        let data: Data
        do {
            data = try JSONEncoder().encode(body)
        } catch {
            throw .invalidResponse("cannot encode the request: \(error)")
        }
        let response: HTTPClientResponse
        do {
            response = try await client.send(HTTPClientRequest(
                method: "POST", url: address,
                headers: ["Content-Type": "application/json", "Accept": "application/json"], body: data))
        } catch {
            throw .transport(error)
        }
        guard response.status == 200 else {
            throw .status(response.status, try? JSONDecoder().decode(ErrorResponse.self, from: response.body))
        }
        do {
            return try JSONDecoder().decode(SessionTokens.self, from: response.body)
        } catch {
            throw .invalidResponse("the answer is not a session: \(error)")
        }
    }
}
