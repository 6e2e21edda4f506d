import Foundation
import GRDB

/// A local change the store can never apply (invalid fields, unknown record...). It is shown,
/// not retried.
public struct DeadLetter: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var orgId: UUID
    public var entity: String
    public var recordId: UUID
    public var mutationId: Int64
    public var operation: String
    public var payload: String
    public var reason: String
    public var createdAt: Date
}

extension DeadLetter: FetchableRecord {
    public init(row: Row) throws {
        id = row["id"]
        orgId = try UUIDColumn.decode(row["orgId"])
        entity = row["entity"]
        recordId = try UUIDColumn.decode(row["recordId"])
        mutationId = row["mutationId"]
        operation = row["operation"]
        payload = row["payload"]
        reason = row["reason"]
        createdAt = row["createdAt"]
    }
}
