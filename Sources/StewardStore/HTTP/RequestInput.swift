import Foundation
import StewardCore

/// Decoding JSON bodies into protocol types, with a 400 that says where the body is wrong.
enum JSONInput {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw StoreHTTPError.badRequest(describe(error))
        } catch {
            throw StoreHTTPError.badRequest("body: not valid JSON")
        }
    }

    /// A JSON body of the apps' endpoints, with a 400 naming the place of any text the store
    /// cannot keep (NUL: `JSONValue.unstorableTextPath`), so every backend refuses it alike on
    /// the way in rather than PostgreSQL failing later.
    static func value(from data: Data) throws -> JSONValue {
        let json: JSONValue
        do {
            json = try JSONValue.parse(data)
        } catch {
            throw StoreHTTPError.badRequest("body: \(error.description)")
        }
        if let refusal = StorableText.refusal(json) { throw StoreHTTPError.badRequest(refusal) }
        return json
    }

    /// A push body, read in one pass (see `PushMessages+JSON.swift`), with the same 400s.
    static func pushRequest(from data: Data) throws -> PushRequest {
        let json: JSONValue
        do {
            json = try JSONValue.parse(data)
        } catch {
            throw StoreHTTPError.badRequest("body: \(error.description)")
        }
        do {
            return try PushRequest(json: json)
        } catch {
            throw StoreHTTPError.badRequest(error.message)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "body" : String(text.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): is required"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)): has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "body: not valid JSON" : "\(path(context.codingPath)): has an invalid value"
        @unknown default:
            return "body: not a valid request"
        }
    }
}

/// The `limit` query parameter: absent means the default; otherwise an integer in 1...max.
enum QueryLimit {
    static func parse(_ text: String?, default value: Int, max: Int) throws -> Int {
        guard let text else { return value }
        guard let limit = Int(text), (1...max).contains(limit) else {
            throw StoreHTTPError.badRequest("limit: must be an integer from 1 to \(max)")
        }
        return limit
    }
}
