import Foundation

/// A push body that is JSON but not a push request; `message` names the member, like
/// `mutations[3].id: must be a whole number`.
public struct PushMessageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

// Push requests and answers carry hundreds of records, so both sides read and write them
// through `JSONValue` (one pass over the bytes) rather than Codable, which on Linux cost most of
// a batch's time. The Codable conformances stay for tests and tools; both forms are the same
// JSON (the tests compare them).

extension PushRequest {
    public var json: JSONValue {
        var members: [String: JSONValue] = ["clientId": .string(clientId), "mutations": .array(mutations.map(\.json))]
        if let storeId { members["storeId"] = .string(storeId) }
        return .object(members)
    }

    /// The same bytes as `json.canonicalBytes`, written directly: fields a mutation holds as
    /// text go in as they are.
    public var jsonData: Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 + mutations.count * 1024)
        out.append(contentsOf: #"{"clientId":"#.utf8)
        JSONValue.writeString(clientId, to: &out)
        out.append(contentsOf: #","mutations":["#.utf8)
        for (index, mutation) in mutations.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            mutation.write(to: &out)
        }
        out.append(UInt8(ascii: "]"))
        if let storeId {
            out.append(contentsOf: #","storeId":"#.utf8)
            JSONValue.writeString(storeId, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return Data(out)
    }

    public init(json: JSONValue) throws(PushMessageError) {
        let body = try JSONMembers(json, at: "body")
        clientId = try body.string("clientId")
        let items = try body.array("mutations")
        var mutations: [Mutation] = []
        mutations.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            mutations.append(try Mutation(json: item, at: "mutations[\(index)]"))
        }
        self.mutations = mutations
        storeId = try body.optionalString("storeId")
    }
}

extension Mutation {
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "id": .int(id), "entity": .string(entity), "recordId": .string(recordId),
            "operation": .string(operation.rawValue), "baseVersion": .int(baseVersion),
        ]
        if let fields { members["fields"] = fields }
        return .object(members)
    }

    /// `json`'s canonical text, members in key order.
    func write(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"baseVersion":"#.utf8)
        JSONValue.int(baseVersion).write(to: &out)
        out.append(contentsOf: #","entity":"#.utf8)
        JSONValue.writeString(entity, to: &out)
        if let fieldsText {
            out.append(contentsOf: #","fields":"#.utf8)
            out.append(contentsOf: fieldsText.utf8)
        } else if let fields {
            out.append(contentsOf: #","fields":"#.utf8)
            fields.write(to: &out)
        }
        out.append(contentsOf: #","id":"#.utf8)
        JSONValue.int(id).write(to: &out)
        out.append(contentsOf: #","operation":"#.utf8)
        JSONValue.writeString(operation.rawValue, to: &out)
        out.append(contentsOf: #","recordId":"#.utf8)
        JSONValue.writeString(recordId, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    init(json: JSONValue, at path: String) throws(PushMessageError) {
        let members = try JSONMembers(json, at: path)
        let operationName = try members.string("operation")
        guard let operation = Operation(rawValue: operationName) else {
            throw PushMessageError(message: "\(path).operation: must be upsert or delete")
        }
        self.init(id: try members.int("id"), entity: try members.string("entity"), recordId: try members.string("recordId"),
                  operation: operation, baseVersion: try members.int("baseVersion"), fields: members.optional("fields"))
    }
}

extension PushResponse {
    public var json: JSONValue {
        .object(["lastMutationId": .int(lastMutationId), "results": .array(results.map(\.json))])
    }

    public var jsonData: Data { Data(json.canonicalBytes) }

    public init(json: JSONValue) throws(PushMessageError) {
        let body = try JSONMembers(json, at: "body")
        lastMutationId = try body.int("lastMutationId")
        let items = try body.array("results")
        var results: [MutationResult] = []
        results.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            results.append(try MutationResult(json: item, at: "results[\(index)]"))
        }
        self.results = results
    }
}

extension MutationResult {
    public var json: JSONValue {
        var members: [String: JSONValue] = ["id": .int(id), "status": .string(status.rawValue)]
        if let version { members["version"] = .int(version) }
        if let reason { members["reason"] = .string(reason) }
        if let record { members["record"] = record.json }
        if let originalStatus { members["originalStatus"] = .string(originalStatus.rawValue) }
        return .object(members)
    }

    init(json: JSONValue, at path: String) throws(PushMessageError) {
        let members = try JSONMembers(json, at: path)
        id = try members.int("id")
        status = try members.status("status")
        version = try members.optionalInt("version")
        reason = try members.optionalString("reason")
        record = try members.optional("record").map { value throws(PushMessageError) in
            try RemoteRecord(json: value, at: "\(path).record")
        }
        originalStatus = try members.optional("originalStatus").map { _ throws(PushMessageError) in
            try members.status("originalStatus")
        }
    }
}

extension RemoteRecord {
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "entity": .string(entity), "id": .string(id), "version": .int(version),
            "deleted": .bool(deleted), "fields": fields,
        ]
        if let changedBy { members["changedBy"] = .string(changedBy) }
        if let changedAt { members["changedAt"] = .int(changedAt) }
        return .object(members)
    }

    init(json: JSONValue, at path: String) throws(PushMessageError) {
        let members = try JSONMembers(json, at: path)
        guard case .bool(let deleted)? = members.optional("deleted") else {
            throw PushMessageError(message: "\(path).deleted: must be true or false")
        }
        guard let fields = members.optional("fields") else {
            throw PushMessageError(message: "\(path).fields: is required")
        }
        self.init(entity: try members.string("entity"), id: try members.string("id"),
                  version: try members.int("version"), deleted: deleted, fields: fields,
                  changedBy: try members.optionalString("changedBy"), changedAt: try members.optionalInt("changedAt"))
    }
}

/// The members of a JSON object, read with errors that name the member's path.
private struct JSONMembers {
    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, at path: String) throws(PushMessageError) {
        guard case .object(let members) = value else { throw PushMessageError(message: "\(path): must be a JSON object") }
        self.members = members
        self.path = path
    }

    private func name(_ key: String) -> String { path == "body" ? key : "\(path).\(key)" }

    /// The member, unless absent or null.
    func optional(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    func string(_ key: String) throws(PushMessageError) -> String {
        guard let value = optional(key) else { throw PushMessageError(message: "\(name(key)): is required") }
        guard case .string(let text) = value else { throw PushMessageError(message: "\(name(key)): must be a string") }
        return text
    }

    func optionalString(_ key: String) throws(PushMessageError) -> String? {
        guard optional(key) != nil else { return nil }
        return try string(key)
    }

    func int(_ key: String) throws(PushMessageError) -> Int64 {
        guard let value = optional(key) else { throw PushMessageError(message: "\(name(key)): is required") }
        guard case .int(let number) = value else { throw PushMessageError(message: "\(name(key)): must be a whole number") }
        return number
    }

    func optionalInt(_ key: String) throws(PushMessageError) -> Int64? {
        guard optional(key) != nil else { return nil }
        return try int(key)
    }

    func array(_ key: String) throws(PushMessageError) -> [JSONValue] {
        guard let value = optional(key) else { throw PushMessageError(message: "\(name(key)): is required") }
        guard case .array(let items) = value else { throw PushMessageError(message: "\(name(key)): must be an array") }
        return items
    }

    func status(_ key: String) throws(PushMessageError) -> MutationStatus {
        guard let status = MutationStatus(rawValue: try string(key)) else {
            throw PushMessageError(message: "\(name(key)): must be applied, duplicate, conflict or rejected")
        }
        return status
    }
}
