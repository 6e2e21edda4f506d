import Foundation
import StewardCore

/// What a community group's leader reads of the leads routed to their groups: pure rules over
/// the live records. Only the leader account (`leaderMember`) of a live group reads them, and
/// only its own groups' leads; staff's notes and the lead's app account stay with staff.
enum LedGroupLeads {
    /// The fields a leader reads of a lead: who they are, how to reach them and their answers.
    static let leaderFields = ["name", "contact", "interests", "availability", "gender", "year", "area",
                               "freeDays", "freeTimes", "group", "state", "receivedAt"]

    /// The ids of the live groups `memberId` leads.
    static func groupsLed(by memberId: String, groups: [RemoteRecord]) -> [RemoteRecord] {
        groups.filter { !$0.deleted && $0.fields["leaderMember"]?.stringValue?.lowercased() == memberId.lowercased() }
    }

    /// The answer: the groups led, by id and name, and their leads, newest first; nil when the
    /// member leads no live group.
    static func view(memberId: String, groups: [RemoteRecord], leads: [RemoteRecord]) -> JSONValue? {
        let led = groupsLed(by: memberId, groups: groups)
        guard !led.isEmpty else { return nil }
        let ids = Set(led.map(\.id))
        let routed = leads.filter { !$0.deleted && ids.contains($0.fields["group"]?.stringValue?.lowercased() ?? "") }
            .sorted { ($0.fields["receivedAt"]?.stringValue ?? "", $0.id) > ($1.fields["receivedAt"]?.stringValue ?? "", $1.id) }
        let items: [JSONValue] = routed.map { lead in
            var item: [String: JSONValue] = ["id": .string(lead.id)]
            for name in leaderFields { item[name] = lead.fields[name] ?? .null }
            return .object(item)
        }
        let groupItems: [JSONValue] = led.sorted { $0.id < $1.id }.map {
            .object(["id": .string($0.id), "name": $0.fields["name"] ?? .null])
        }
        return .object(["groups": .array(groupItems), "items": .array(items)])
    }
}
