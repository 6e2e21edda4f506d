import Foundation
import Translation

/// Why a lead could not be routed: the group named is not there, or several answer to it.
public enum LeadRoutingError: Error, Equatable, CustomStringConvertible {
    case noGroup(String, known: [String])
    case ambiguous(String, matches: [String])
    case noTeam(String, known: [String])

    public var description: String {
        switch self {
        case .noGroup(let text, let known):
            known.isEmpty
                ? tr("no community group is named “{name}”; add the group first", ["name": text])
                : tr("no community group is named “{name}” or led by someone of that name; the groups are {groups}",
                     ["name": text, "groups": known.joined(separator: ", ")])
        case .noTeam(let text, let known):
            tr("no ministry team is named “{name}”; the teams are {teams}", ["name": text, "teams": known.joined(separator: ", ")])
        case .ambiguous(let text, let matches):
            tr("“{name}” names several groups ({groups}); give the group's id or its full name",
               ["name": text, "groups": matches.joined(separator: ", ")])
        }
    }
}

/// What staff do to a lead beyond editing it: route it to a community group's leader or a
/// ministry team (or both), and move it along its states. Routing to a group whose leader has
/// an app account tells them there (`LeadNotices`, made with the lead's write). Both are ordinary updates of the lead, checked by its declaration
/// (a lead who joined names its group), stored with their outbox and history entries.
public struct LeadRouting: Sendable {
    public let records: RecordService

    public init(records: RecordService) {
        self.records = records
    }

    /// Routes the lead to `group` (nil: to nobody yet).
    @discardableResult
    public func route(_ lead: UUID, to group: UUID?, in org: Organization) async throws -> LocalRecord {
        let value: JSONValue = group.map { .string($0.uuidString.lowercased()) } ?? .null
        return try await records.update(.lead, id: lead, changes: ["group": value], in: org)
    }

    /// Routes the lead to ministry team `team` (nil: to none), beside any group it is routed to.
    @discardableResult
    public func route(_ lead: UUID, toTeam team: UUID?, in org: Organization) async throws -> LocalRecord {
        let value: JSONValue = team.map { .string($0.uuidString.lowercased()) } ?? .null
        return try await records.update(.lead, id: lead, changes: ["team": value], in: org)
    }

    @discardableResult
    public func setState(_ lead: UUID, to state: LeadState, in org: Organization) async throws -> LocalRecord {
        try await records.update(.lead, id: lead, changes: ["state": .string(state.rawValue)], in: org)
    }

    /// The live ministry team `text` names: its id or its name, ignoring case.
    public static func team(named text: String, among teams: [LocalRecord]) throws(LeadRoutingError) -> LocalRecord {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let id = UUID(uuidString: wanted), let team = teams.first(where: { $0.id == id }) { return team }
        let matches = teams.filter {
            ($0.fields["name"]?.stringValue ?? "").compare(wanted, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
        }
        if matches.count == 1 { return matches[0] }
        let names = { (records: [LocalRecord]) in records.compactMap { $0.fields["name"]?.stringValue }.sorted() }
        if matches.isEmpty { throw .noTeam(wanted, known: names(teams)) }
        throw .ambiguous(wanted, matches: names(matches))
    }

    /// The live community group `text` names: its id, its name, or its leader's name, ignoring
    /// case; a name several groups answer to is refused rather than guessed.
    public static func group(named text: String, among groups: [LocalRecord]) throws(LeadRoutingError) -> LocalRecord {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let id = UUID(uuidString: wanted), let group = groups.first(where: { $0.id == id }) { return group }
        func same(_ field: String, _ group: LocalRecord) -> Bool {
            (group.fields[field]?.stringValue ?? "").compare(wanted, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
        }
        let byName = groups.filter { same("name", $0) }
        let matches = byName.isEmpty ? groups.filter { same("leader", $0) } : byName
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            throw .noGroup(wanted, known: groups.map { RecordType.groupLabel($0.fields) }.sorted())
        }
        throw .ambiguous(wanted, matches: matches.map { RecordType.groupLabel($0.fields) }.sorted())
    }
}
