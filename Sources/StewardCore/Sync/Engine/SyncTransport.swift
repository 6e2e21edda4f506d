import Foundation
import Translation

/// Why a request to the store did not give the answer asked for.
public enum SyncTransportError: Error, Hashable, Sendable {
    /// No answer at all (refused, timed out, connection lost...).
    case transport(HTTPClientError)
    /// An answer other than 200, with the store's error body when it sent one.
    case status(Int, ErrorResponse?)
    /// A 200 whose body is not what the protocol says.
    case invalidResponse(String)
    /// The staff member's session is over: sign in again.
    case signedOut
    /// The signed-in staff member's tokens cannot be read or kept on this computer.
    case credentialsUnavailable(String)
}

/// The requests of the sync protocol. `HTTPSyncTransport` speaks them to a real store over
/// `HTTPClient`; tests put a scripted fake in its place.
public protocol SyncTransport: Sendable {
    /// The store's address, for messages.
    var storeURL: String { get }
    func push(_ request: PushRequest) async throws(SyncTransportError) -> PushResponse
    func pull(cursor: String, limit: Int) async throws(SyncTransportError) -> PullResponse
    /// Every change of one record, oldest first.
    func history(entity: String, recordId: String) async throws(SyncTransportError) -> HistoryResponse
}

/// The sync protocol over HTTP: `POST /v1/orgs/{org}/push`, `GET /v1/orgs/{org}/changes` and a
/// record's history, with the bearer token the provider gives. A request the store answers with
/// 401 (`token-expired`, or a staff token it no longer knows) is sent once more with a renewed
/// token, when the provider can renew one.
public struct HTTPSyncTransport: SyncTransport {
    public let remote: Remote
    public let client: HTTPClient
    public let tokens: any AccessTokenProvider
    /// Responses larger than this, once decompressed, are refused.
    static let maxBodyBytes = 256 * 1024 * 1024

    /// With the API token still in the remote's row (tests; an engine reads the credential
    /// store through `SessionService.tokenProvider`).
    public init(remote: Remote, client: HTTPClient) {
        self.init(remote: remote, client: client, tokens: FixedTokenProvider(remote.token))
    }

    public init(remote: Remote, client: HTTPClient, tokens: any AccessTokenProvider) {
        self.remote = remote
        self.client = client
        self.tokens = tokens
    }

    public var storeURL: String { remote.url }

    public func push(_ request: PushRequest) async throws(SyncTransportError) -> PushResponse {
        let response = try await send(HTTPClientRequest(
            method: "POST", url: remote.endpoint("push"),
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: request.jsonData))
        do {
            return try PushResponse(json: try JSONValue.parse(response.body))
        } catch {
            throw .invalidResponse(tr("the answer is not a {type}: {error}", ["type": "PushResponse", "error": "\(error)"]))
        }
    }

    public func pull(cursor: String, limit: Int) async throws(SyncTransportError) -> PullResponse {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = cursor.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        let response = try await send(HTTPClientRequest(
            method: "GET", url: remote.endpoint("changes") + "?cursor=\(encoded)&limit=\(limit)",
            headers: ["Accept": "application/json"]))
        return try Self.decode(PullResponse.self, from: response)
    }

    public func history(entity: String, recordId: String) async throws(SyncTransportError) -> HistoryResponse {
        let path = [entity, recordId].map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
        let response = try await send(HTTPClientRequest(
            method: "GET", url: remote.endpoint("records/\(path[0])/\(path[1])/history"),
            headers: ["Accept": "application/json"]))
        return try Self.decode(HistoryResponse.self, from: response)
    }

    /// Sends with the provider's token, and the remote's security (its CA file; plain http://
    /// off this computer only if allowed); on 401, once more with a renewed token if there is
    /// one. A 401 means the store did nothing with the request, so sending it again is safe.
    /// `accepting`: the statuses that are answers (any other is thrown as `.status`).
    func send(_ unsigned: HTTPClientRequest, accepting: Set<Int> = [200]) async throws(SyncTransportError) -> HTTPClientResponse {
        var request = unsigned
        request.security = remote.security
        request.bearerToken = try await tokens.token()
        do {
            return try await sendOnce(request, accepting: accepting)
        } catch .status(401, let body) {
            guard let rejected = request.bearerToken,
                  let renewed = try await tokens.renewed(after: rejected) else {
                throw .status(401, body)
            }
            request.bearerToken = renewed
            return try await sendOnce(request, accepting: accepting)
        }
    }

    private func sendOnce(_ request: HTTPClientRequest, accepting: Set<Int>) async throws(SyncTransportError) -> HTTPClientResponse {
        let response: HTTPClientResponse
        do {
            response = try await client.send(request)
        } catch {
            throw .transport(error)
        }
        guard accepting.contains(response.status) else {
            throw .status(response.status, try? JSONDecoder().decode(ErrorResponse.self, from: response.body))
        }
        return response
    }

    static func decode<T: Decodable>(_ type: T.Type, from response: HTTPClientResponse) throws(SyncTransportError) -> T {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw .invalidResponse(tr("the answer is not a {type}: {error}", ["type": "\(type)", "error": "\(error)"]))
        }
    }
}
