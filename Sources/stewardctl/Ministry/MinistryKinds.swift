import ArgumentParser
import StewardCore

// The campus ministry's types on the kit's generic commands; leads add routing to a group's
// leader and moving along their states.
enum MinistryTeamKind: RecordKind { static var type: RecordType { .ministryTeam } }
enum CommunityGroupKind: RecordKind { static var type: RecordType { .communityGroup } }
enum MissionKind: RecordKind { static var type: RecordType { .mission } }
enum MinistryResourceKind: RecordKind { static var type: RecordType { .ministryResource } }
enum LeadKind: RecordKind {
    static var type: RecordType { .lead }
    static var specialCommands: [any ParsableCommand.Type] { [LeadsRoute.self, LeadsState.self] }
}

enum MinistryKinds {
    static let commands: [any ParsableCommand.Type] = [
        RecordCommands<MinistryTeamKind>.self, RecordCommands<CommunityGroupKind>.self, RecordCommands<MissionKind>.self,
        RecordCommands<MinistryResourceKind>.self, RecordCommands<LeadKind>.self,
    ]
}
