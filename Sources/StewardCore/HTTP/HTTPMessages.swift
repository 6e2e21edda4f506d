import Foundation
import Translation

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
    /// The body holds a password or a token (sign-in, refresh): like a bearer token, it is
    /// refused over plain HTTP off this computer unless `security` allows it.
    public var bodyIsSecret: Bool
    /// The CA file to trust, and whether plain HTTP off this computer may carry credentials.
    public var security: TransportSecurity
    /// Refuse to send when the address connected to is internal (`InternalAddress`): for
    /// addresses that come from the outside, checked after DNS, where no name can hide it.
    public var publicAddressesOnly: Bool
    /// Speak HTTP/2 only (APNs takes nothing else): negotiated over TLS, or with prior
    /// knowledge on plain http (a test's stand-in). False: what libcurl prefers.
    public var http2Only: Bool
    /// Whether a large body may be sent gzip-compressed. False for bytes that are compressed
    /// already (photos, recordings) and for servers that take a body as it is sent (a media
    /// upload's chunk is stored byte for byte).
    public var compressible: Bool = true
    /// Signed by libcurl with AWS Signature V4 (object stores): no secret crosses the wire.
    public var awsSigV4: AWSSigV4?
    /// A file sent as the body, read as it goes out (an object store's part of up to 64 MB), in
    /// place of `body`.
    public var bodyFile: URL?

    public init(method: String = "GET", url: String, headers: [String: String] = [:], body: Data? = nil,
                bearerToken: String? = nil, bodyIsSecret: Bool = false, security: TransportSecurity = TransportSecurity(),
                publicAddressesOnly: Bool = false, http2Only: Bool = false, awsSigV4: AWSSigV4? = nil, bodyFile: URL? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bearerToken = bearerToken
        self.bodyIsSecret = bodyIsSecret
        self.security = security
        self.publicAddressesOnly = publicAddressesOnly
        self.http2Only = http2Only
        self.awsSigV4 = awsSigV4
        self.bodyFile = bodyFile
    }

    /// Whether the request carries a credential: a bearer token, an Authorization header, or a
    /// secret body.
    public var carriesCredentials: Bool {
        bearerToken != nil || bodyIsSecret || headers.keys.contains { $0.lowercased() == "authorization" }
    }
}

/// The keys libcurl signs a request with (`CURLOPT_AWS_SIGV4`), for S3-compatible object
/// stores. The request's headers are signed too, so an `x-amz-content-sha256` header given is
/// the payload hash signed.
public struct AWSSigV4: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// libcurl's provider string, `aws:amz:REGION:SERVICE` (`aws:amz:us-east-1:s3`).
    public var provider: String
    public var accessKeyId: String
    public var secretAccessKey: String

    public init(region: String, service: String, accessKeyId: String, secretAccessKey: String) {
        self.provider = "aws:amz:\(region):\(service)"
        self.accessKeyId = accessKeyId
        self.secretAccessKey = secretAccessKey
    }

    /// Never the secret: a request may end up in a log.
    public var description: String { "AWS SigV4 (\(provider), key \(accessKeyId))" }
    public var debugDescription: String { description }
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
    /// The store's TLS certificate was refused: not signed by a trusted CA (or the CA file
    /// cannot be read), or not for this host name. With libcurl's reason.
    case untrustedCertificate(String)
    /// Not sent: plain http:// to another computer, carrying a password or token, without the
    /// person having allowed it.
    case credentialsOverPlainHTTP(url: String)
    /// Not sent: the address connected to is internal, and the request was for public
    /// addresses only (`HTTPClientRequest.publicAddressesOnly`).
    case internalAddress(String)
    /// Anything else (TLS certificate refused, protocol error...).
    case other(String)

    /// Whether trying again later may succeed.
    public var isTransient: Bool {
        switch self {
        case .couldNotConnect, .timedOut, .connectionLost: true
        case .invalidURL, .responseTooLarge, .cancelled, .untrustedCertificate, .credentialsOverPlainHTTP, .internalAddress,
             .other: false
        }
    }

    public var description: String {
        switch self {
        case .couldNotConnect(let reason): reason
        case .timedOut: tr("timed out")
        case .connectionLost(let reason): tr("connection lost: {reason}", ["reason": reason])
        case .invalidURL(let url): tr("not an http(s) address: {url}", ["url": url])
        case .responseTooLarge(let limit): tr("the answer is larger than {limit} bytes", ["limit": String(limit)])
        case .cancelled: tr("cancelled")
        case .untrustedCertificate(let reason): tr("the store's certificate is not trusted: {reason}", ["reason": reason])
        case .credentialsOverPlainHTTP(let url):
            tr("not sent: {url} is plain http:// to another computer, where passwords and tokens would cross the network unencrypted",
               ["url": url])
        case .internalAddress(let address):
            tr("not sent: {address} is an internal address, and only addresses on the public internet are accepted",
               ["address": address])
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
