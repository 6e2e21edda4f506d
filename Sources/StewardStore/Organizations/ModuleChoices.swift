import StewardCore

/// The modules an organization's consoles chose, as the store holds them: the live module
/// choice record, or nil (every module served) while no console has sent one.
enum ModuleChoices {
    static func chosen(org: String, repository: any StoreRepository) async throws -> [Module]? {
        let records = try await repository.liveRecords(org: org, entity: RecordType.moduleChoice.entity)
        return records.lazy.compactMap { ModuleChoice.modules(in: $0.fields) }.first
    }
}
