import Foundation

extension RecordService {
    /// A record of the organization by id, removed ones included (their history stays readable):
    /// of `type` when given, else of whichever known type holds that id.
    public func lookup(id: UUID, of type: RecordType? = nil, in org: Organization) async throws -> (type: RecordType, record: LocalRecord)? {
        let candidates = type.map { [$0] } ?? RecordTypes.all
        return try await database.writer.read { db in
            for candidate in candidates {
                if let record = try candidate.storage.fetch(entity: candidate.entity, id: UUIDColumn.encode(id), db),
                   record.orgId == org.id {
                    return (candidate, record)
                }
            }
            return nil
        }
    }
}
