import Foundation
import Hummingbird
import StewardCore

/// A JSON response body, gzip-compressed when the client accepts it and it is worth it.
///
/// Encoded with sorted keys so answers are byte-stable (handy in tests and caches); compression
/// is decided here, where the request is at hand, rather than by re-reading a streamed body.
public struct JSONBody<Value: Encodable & Sendable>: ResponseGenerator, Sendable {
    public var value: Value
    public var status: HTTPResponse.Status

    public static var compressionThreshold: Int { JSONBodyResponse.compressionThreshold }

    public init(_ value: Value, status: HTTPResponse.Status = .ok) {
        self.value = value
        self.status = status
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return JSONBodyResponse.make(try encoder.encode(value), status: status, for: request)
    }
}

/// A body already written as JSON (sorted keys, like `JSONBody`): the push answer, whose
/// hundreds of results are cheaper to write through `JSONValue` than through `JSONEncoder`.
public struct JSONTextBody: ResponseGenerator, Sendable {
    public var json: JSONValue
    public var status: HTTPResponse.Status

    public init(_ json: JSONValue, status: HTTPResponse.Status = .ok) {
        self.json = json
        self.status = status
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONBodyResponse.make(Data(json.canonicalBytes), status: status, for: request)
    }
}

enum JSONBodyResponse {
    /// Below this, gzip's header and CPU cost more than they save.
    static let compressionThreshold = 1024

    static func make(_ data: Data, status: HTTPResponse.Status, for request: Request) -> Response {
        var data = data
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if data.count > compressionThreshold, AcceptEncoding.allowsGzip(request.headers[values: .acceptEncoding]) {
            data = Gzip.compress(data)
            headers[.contentEncoding] = "gzip"
        }
        headers[.vary] = "Accept-Encoding"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Reads `Accept-Encoding` (RFC 9110 §12.5.3) just enough to know whether gzip is welcome.
enum AcceptEncoding {
    static func allowsGzip(_ values: [String]) -> Bool {
        var gzip: Double?
        var star: Double?
        for value in values {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let coding = parts.first else { continue }
                var quality = 1.0
                for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                    quality = Double(parameter.dropFirst(2)) ?? 0
                }
                if coding == "gzip" || coding == "x-gzip" { gzip = quality } else if coding == "*" { star = quality }
            }
        }
        return (gzip ?? star ?? 0) > 0
    }
}
