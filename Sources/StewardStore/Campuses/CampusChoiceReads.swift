import Foundation
import StewardCore

/// What a reader's campus and ministry choice keeps of tagged records (`CampusTags`): for a
/// member, the choice kept in their `campusChoice` record; staff and API tokens choose nothing
/// and read every record.
enum CampusChoiceReads {
    /// The member's choice, or an empty one for staff, tokens and members who chose nothing.
    static func choice(of grant: AccessGrant, repository: any StoreRepository) async throws -> CampusChoice {
        guard case .member(let memberId, _, _, _) = grant.bearer else { return CampusChoice() }
        let kept = try await repository.liveRecords(org: grant.org, entity: RecordType.campusChoice.entity,
                                                    ids: [memberId.lowercased()])
        return CampusChoice(fields: kept.first?.fields)
    }

    /// The records that concern `choice`: all of them when it is empty.
    static func keeping(_ records: [RemoteRecord], for choice: CampusChoice) -> [RemoteRecord] {
        choice.isEmpty ? records : records.filter { choice.concerns($0.fields) }
    }
}
