import Foundation

/// One HTTP request for `HTTPClient`.
public struct HTTPClientRequest: Sendable, Hashable {
    public var method: String
    /// An absolute http:// or https:// address.
    public var url: String
    /// Extra headers, sent as given (`Authorization` is made from `bearerToken`).
    public var headers: [String: String]
    public var body: Data?
    /// Sent as `Authorization: Bearer <token>`.
    public var bearerToken: String?

    public init(method: String = "GET", url: String, headers: [String: String] = [:], body: Data? = nil,
                bearerToken: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bearerToken = bearerToken
    }
}

/// What the server answered. The body is already decompressed when it came gzip-encoded.
public struct HTTPClientResponse: Sendable, Hashable {
    public var status: Int
    /// Header names in lower case; of a repeated header, the last value.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// Why a request got no answer.
public enum HTTPClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No connection could be made: refused, unreachable, or the name does not resolve.
    case couldNotConnect(String)
    /// The connect or total timeout passed.
    case timedOut
    /// The connection broke after the request went out: the server may or may not have acted.
    case connectionLost(String)
    /// The address is not an http(s) address this client accepts.
    case invalidURL(String)
    /// The answer was larger than the client accepts.
    case responseTooLarge(limit: Int)
    /// The caller's task was cancelled.
    case cancelled
    /// Anything else (TLS certificate refused, protocol error...).
    case other(String)

    /// Whether trying again later may succeed.
    public var isTransient: Bool {
        switch self {
        case .couldNotConnect, .timedOut, .connectionLost: true
        case .invalidURL, .responseTooLarge, .cancelled, .other: false
        }
    }

    public var description: String {
        switch self {
        case .couldNotConnect(let reason): reason
        case .timedOut: "timed out"
        case .connectionLost(let reason): "connection lost: \(reason)"
        case .invalidURL(let url): "not an http(s) address: \(url)"
        case .responseTooLarge(let limit): "the answer is larger than \(limit) bytes"
        case .cancelled: "cancelled"
        case .other(let message): message
        }
    }
}

public struct HTTPClientOptions: Sendable, Hashable {
    /// Seconds to wait for a connection.
    public var connectTimeout: Double
    /// Seconds the whole request may take, connection included.
    public var totalTimeout: Double
    /// Request bodies larger than this are sent gzip-compressed (`Content-Encoding: gzip`).
    public var compressBodiesOver: Int
    /// Answers larger than this (after decompression) are refused.
    public var maxResponseBytes: Int
    public var userAgent: String

    public init(connectTimeout: Double = 10, totalTimeout: Double = 60, compressBodiesOver: Int = 8 * 1024,
                maxResponseBytes: Int = 256 * 1024 * 1024, userAgent: String = "Steward console") {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.compressBodiesOver = compressBodiesOver
        self.maxResponseBytes = maxResponseBytes
        self.userAgent = userAgent
    }
}
