import Foundation

/// Why a request to the store did not give the answer asked for.
public enum SyncTransportError: Error, Hashable, Sendable {
    /// No answer at all (refused, timed out, connection lost...).
    case transport(HTTPClientError)
    /// An answer other than 200, with the store's error body when it sent one.
    case status(Int, ErrorResponse?)
    /// A 200 whose body is not what the protocol says.
    case invalidResponse(String)
}

/// The two requests of the sync protocol. `HTTPSyncTransport` speaks them to a real store over
/// `HTTPClient`; tests put a scripted fake in its place.
public protocol SyncTransport: Sendable {
    /// The store's address, for messages.
    var storeURL: String { get }
    func push(_ request: PushRequest) async throws(SyncTransportError) -> PushResponse
    func pull(cursor: String, limit: Int) async throws(SyncTransportError) -> PullResponse
}

/// The sync protocol over HTTP: `POST /v1/orgs/{org}/push` and `GET /v1/orgs/{org}/changes`,
/// with the remote's bearer token.
public struct HTTPSyncTransport: SyncTransport {
    public let remote: Remote
    public let client: HTTPClient
    /// Responses larger than this, once decompressed, are refused.
    static let maxBodyBytes = 256 * 1024 * 1024

    public init(remote: Remote, client: HTTPClient) {
        self.remote = remote
        self.client = client
    }

    public var storeURL: String { remote.url }

    public func push(_ request: PushRequest) async throws(SyncTransportError) -> PushResponse {
        let response = try await send(HTTPClientRequest(
            method: "POST", url: remote.endpoint("push"),
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: request.jsonData, bearerToken: remote.token))
        do {
            return try PushResponse(json: try JSONValue.parse(response.body))
        } catch {
            throw .invalidResponse("the answer is not a PushResponse: \(error)")
        }
    }

    public func pull(cursor: String, limit: Int) async throws(SyncTransportError) -> PullResponse {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = cursor.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        let response = try await send(HTTPClientRequest(
            method: "GET", url: remote.endpoint("changes") + "?cursor=\(encoded)&limit=\(limit)",
            headers: ["Accept": "application/json"], bearerToken: remote.token))
        return try Self.decode(PullResponse.self, from: response)
    }

    private func send(_ request: HTTPClientRequest) async throws(SyncTransportError) -> HTTPClientResponse {
        let response: HTTPClientResponse
        do {
            response = try await client.send(request)
        } catch {
            throw .transport(error)
        }
        guard response.status == 200 else {
            throw .status(response.status, try? JSONDecoder().decode(ErrorResponse.self, from: response.body))
        }
        return response
    }

    private static func decode<T: Decodable>(_ type: T.Type, from response: HTTPClientResponse) throws(SyncTransportError) -> T {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw .invalidResponse("the answer is not a \(type): \(error)")
        }
    }
}
