import Foundation
import Hummingbird
import StewardCore

/// Reads a request body whole, within `--max-body-bytes`, undoing `Content-Encoding: gzip`.
/// The limit holds both on the wire and after decompression, so a small gzip bomb is refused
/// like a large body.
struct RequestBodyReader {
    var limit: Int

    func read(_ request: Request) async throws -> Data {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw StoreHTTPError.tooLarge(limit: limit)
        }
        var collected = ByteBuffer()
        for try await chunk in request.body {
            guard collected.readableBytes + chunk.readableBytes <= limit else {
                throw StoreHTTPError.tooLarge(limit: limit)
            }
            var chunk = chunk
            collected.writeBuffer(&chunk)
        }
        let data = Data(collected.readableBytesView)
        switch contentEncoding(request) {
        case nil, "identity":
            return data
        case "gzip", "x-gzip":
            do {
                return try Gzip.decompress(data, limit: limit)
            } catch .tooLarge {
                throw StoreHTTPError.tooLarge(limit: limit)
            } catch {
                throw StoreHTTPError.badRequest("body: \(error.description)")
            }
        case let other?:
            throw StoreHTTPError.badRequest("Content-Encoding '\(other)' is not supported (use gzip or none)")
        }
    }

    private func contentEncoding(_ request: Request) -> String? {
        request.headers[.contentEncoding]?.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
