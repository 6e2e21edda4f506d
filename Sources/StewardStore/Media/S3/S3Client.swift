import Crypto
import Foundation
import StewardCore
import SWXMLHash

/// The few S3 calls the media storage needs, path-style (`URL/bucket/key`, which every
/// S3-compatible server answers), signed with AWS Signature V4 by libcurl. Each request carries
/// `x-amz-content-sha256` with its payload's SHA-256 (S3 wants the header, and checks the bytes
/// against it), which libcurl signs with the rest.
///
/// libcurl 7.88 signs the query string as given: every query here is built already sorted and
/// encoded the way SigV4's canonical request wants it (`S3Client.query`).
public struct S3Client: Sendable {
    public let endpoint: String
    public let bucket: String
    public let region: String
    private let signing: AWSSigV4
    private let http: HTTPClient

    /// The SHA-256 of nothing: the payload hash of a request without a body.
    static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    public init(endpoint: String, bucket: String, region: String, credentials: S3Credentials) {
        var trimmed = endpoint
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.endpoint = trimmed
        self.bucket = bucket
        self.region = region
        self.signing = AWSSigV4(region: region, service: "s3", accessKeyId: credentials.accessKeyId,
                                secretAccessKey: credentials.secretAccessKey)
        // Parts go up in one request each (64 MB at most); answers are ranged reads of a few MB
        // or small XML documents. Bodies are never gzipped: S3 would store them so.
        self.http = HTTPClient(options: HTTPClientOptions(connectTimeout: 10, totalTimeout: 600, compressBodiesOver: .max,
                                                          maxResponseBytes: 64 * 1024 * 1024, userAgent: "steward-store"))
    }

    /// An object's key as listed, with its size.
    public struct Object: Sendable, Equatable {
        public var key: String
        public var size: Int64
    }

    // MARK: Buckets

    /// Whether the bucket answers to these keys: a clear error when it does not (no such bucket,
    /// keys refused, store unreachable).
    public func checkBucket() async throws {
        let response = try await send("HEAD", key: nil, action: "reach the bucket")
        guard response.status == 200 else {
            // An answer to HEAD has no body to say why: the usual reasons, by status.
            var error = failure(response, action: "reach the bucket")
            switch response.status {
            case 404: error.detail = "no such bucket"
            case 403: error.detail = "the keys are refused: wrong access key or secret, another region, or no access to this bucket"
            case 301, 307, 400: error.detail = "the bucket may be in another region (--media-s3-region)"
            default: break
            }
            throw error
        }
    }

    // MARK: Objects

    public func put(key: String, data: Data) async throws {
        let response = try await send("PUT", key: key, body: data, action: "store \(key)")
        guard response.status == 200 else { throw failure(response, action: "store \(key)") }
    }

    /// Sends a file as the object `key`; `sha256` is the file's, hex.
    public func put(key: String, file: URL, sha256: String) async throws {
        let response = try await send("PUT", key: key, bodyFile: file, payloadHash: sha256, action: "store \(key)")
        guard response.status == 200 else { throw failure(response, action: "store \(key)") }
    }

    /// The bytes `range` of `key` (fewer at its end; none past it); nil when there is no such object.
    public func get(key: String, range: ClosedRange<Int64>) async throws -> Data? {
        let response = try await send("GET", key: key, headers: ["Range": "bytes=\(range.lowerBound)-\(range.upperBound)"],
                                      action: "read \(key)")
        switch response.status {
        case 200, 206: return response.body
        case 404: return nil
        case 416: return Data()
        default: throw failure(response, action: "read \(key)")
        }
    }

    /// The size of `key`; nil when there is no such object.
    public func size(key: String) async throws -> Int64? {
        let response = try await send("HEAD", key: key, action: "look up \(key)")
        switch response.status {
        case 200: return response.header("content-length").flatMap { Int64($0) }
        case 404: return nil
        default: throw failure(response, action: "look up \(key)")
        }
    }

    /// Deletes `key`; nothing when there is none (S3 answers 204 either way).
    public func delete(key: String) async throws {
        let response = try await send("DELETE", key: key, action: "delete \(key)")
        guard response.status == 204 || response.status == 200 || response.status == 404 else {
            throw failure(response, action: "delete \(key)")
        }
    }

    /// Every object whose key starts with `prefix`, in key order (ListObjectsV2, a page of up to
    /// 1,000 at a time).
    public func list(prefix: String) async throws -> [Object] {
        var objects: [Object] = []
        var continuation: String?
        repeat {
            var parameters = ["list-type": "2", "prefix": prefix]
            if let continuation { parameters["continuation-token"] = continuation }
            let response = try await send("GET", key: nil, query: parameters, action: "list \(prefix)")
            guard response.status == 200 else { throw failure(response, action: "list \(prefix)") }
            let result = XMLHash.parse(response.body)["ListBucketResult"]
            for entry in result["Contents"].all {
                guard let key = entry["Key"].element?.text, let size = entry["Size"].element.flatMap({ Int64($0.text) }) else { continue }
                objects.append(Object(key: key, size: size))
            }
            let truncated = result["IsTruncated"].element?.text == "true"
            continuation = truncated ? result["NextContinuationToken"].element?.text : nil
        } while continuation != nil
        return objects.sorted { $0.key < $1.key }
    }

    // MARK: Multipart uploads (one object made of parts, appearing whole when completed)

    public func createMultipartUpload(key: String) async throws -> String {
        let action = "start a multipart upload of \(key)"
        let response = try await send("POST", key: key, query: ["uploads": ""], body: Data(), action: action)
        guard response.status == 200,
              let id = XMLHash.parse(response.body)["InitiateMultipartUploadResult"]["UploadId"].element?.text, !id.isEmpty
        else { throw failure(response, action: action) }
        return id
    }

    /// Copies the whole object `source` (of this bucket) in as part `number`; its ETag.
    public func uploadPartCopy(key: String, uploadId: String, number: Int, source: String) async throws -> String {
        let action = "copy \(source) into \(key)"
        let response = try await send("PUT", key: key, query: ["partNumber": String(number), "uploadId": uploadId],
                                      headers: ["x-amz-copy-source": "/\(bucket)/\(Self.encodePath(source))"], action: action)
        guard response.status == 200,
              let tag = XMLHash.parse(response.body)["CopyPartResult"]["ETag"].element?.text, !tag.isEmpty
        else { throw failure(response, action: action) }
        return tag
    }

    /// Sends a file as part `number`; its ETag.
    public func uploadPart(key: String, uploadId: String, number: Int, file: URL, sha256: String) async throws -> String {
        let action = "store part \(number) of \(key)"
        let response = try await send("PUT", key: key, query: ["partNumber": String(number), "uploadId": uploadId],
                                      bodyFile: file, payloadHash: sha256, action: action)
        guard response.status == 200, let tag = response.header("etag") else { throw failure(response, action: action) }
        return tag
    }

    public func completeMultipartUpload(key: String, uploadId: String, parts: [String]) async throws {
        var xml = "<CompleteMultipartUpload>"
        for (index, tag) in parts.enumerated() {
            xml += "<Part><PartNumber>\(index + 1)</PartNumber><ETag>\(Self.xmlEscaped(tag))</ETag></Part>"
        }
        xml += "</CompleteMultipartUpload>"
        let action = "complete the multipart upload of \(key)"
        let response = try await send("POST", key: key, query: ["uploadId": uploadId], body: Data(xml.utf8), action: action)
        // S3 may answer 200 with an error document when completion fails late.
        guard response.status == 200, XMLHash.parse(response.body)["Error"].element == nil else {
            throw failure(response, action: action)
        }
    }

    public func abortMultipartUpload(key: String, uploadId: String) async throws {
        let action = "abort the multipart upload of \(key)"
        let response = try await send("DELETE", key: key, query: ["uploadId": uploadId], action: action)
        guard response.status == 204 || response.status == 200 || response.status == 404 else {
            throw failure(response, action: action)
        }
    }

    // MARK: Requests

    private func send(_ method: String, key: String?, query: [String: String] = [:], headers: [String: String] = [:],
                      body: Data? = nil, bodyFile: URL? = nil, payloadHash: String? = nil,
                      action: String) async throws -> HTTPClientResponse {
        var url = "\(endpoint)/\(Self.encodePath(bucket))"
        if let key { url += "/\(Self.encodePath(key))" }
        if !query.isEmpty { url += "?" + Self.query(query) }
        var headers = headers
        headers["x-amz-content-sha256"] = payloadHash
            ?? body.map { SHA256.hash(data: $0).map { String(format: "%02x", $0) }.joined() }
            ?? Self.emptyPayloadHash
        if body != nil || bodyFile != nil { headers["Content-Type"] = "application/octet-stream" }
        let request = HTTPClientRequest(method: method, url: url, headers: headers, body: body,
                                        awsSigV4: signing, bodyFile: bodyFile)
        do {
            return try await http.send(request)
        } catch {
            throw ObjectStoreError(endpoint: endpoint, bucket: bucket, action: action, status: nil, code: nil, detail: error.description)
        }
    }

    private func failure(_ response: HTTPClientResponse, action: String) -> ObjectStoreError {
        let error = XMLHash.parse(response.body)["Error"]
        return ObjectStoreError(endpoint: endpoint, bucket: bucket, action: action, status: response.status,
                                code: error["Code"].element?.text, detail: error["Message"].element?.text)
    }

    /// RFC 3986's unreserved characters stay, every other byte is %XX (upper-case hex): SigV4's
    /// `UriEncode`. In a path the slashes stay too.
    static func encode(_ text: String, keepSlash: Bool = false) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepSlash:
                encoded.append("/")
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    static func encodePath(_ path: String) -> String { encode(path, keepSlash: true) }

    /// The query string in SigV4's canonical form: names sorted, names and values encoded,
    /// `name=` for a name without value.
    static func query(_ parameters: [String: String]) -> String {
        parameters.map { (encode($0.key), encode($0.value)) }
            .sorted { $0.0 < $1.0 }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
