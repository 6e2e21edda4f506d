import ArgumentParser
import StewardCore

// The campus ministry's types on the kit's generic commands; leads add routing to a group's
// leader or a ministry team, moving along their states, and the groups that fit them.
enum MinistryTeamKind: RecordKind { static var type: RecordType { .ministryTeam } }
enum CommunityGroupKind: RecordKind { static var type: RecordType { .communityGroup } }
enum MissionKind: RecordKind { static var type: RecordType { .mission } }
enum MinistryResourceKind: RecordKind { static var type: RecordType { .ministryResource } }
enum LeadKind: RecordKind {
    static var type: RecordType { .lead }
    static var specialCommands: [any ParsableCommand.Type] { [LeadsRoute.self, LeadsState.self, LeadsSuggest.self] }
}

/// The notices telling a group's leader of a lead routed to them: made with the routing, read here.
enum LeadNoticeKind: RecordKind { static var type: RecordType { .leadNotice } }

/// The campuses and ministries events and resources are tagged with.
enum CampusKind: RecordKind { static var type: RecordType { .campus } }
enum MinistryKind: RecordKind { static var type: RecordType { .ministry } }

enum MinistryKinds {
    static let commands: [any ParsableCommand.Type] = [
        RecordCommands<MinistryTeamKind>.self, RecordCommands<CommunityGroupKind>.self, RecordCommands<MissionKind>.self,
        RecordCommands<MinistryResourceKind>.self, RecordCommands<LeadKind>.self, RecordCommands<LeadNoticeKind>.self,
        RecordCommands<CampusKind>.self, RecordCommands<MinistryKind>.self,
    ]
}
