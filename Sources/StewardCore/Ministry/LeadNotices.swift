import Crypto
import Foundation
import GRDB
import Translation

/// The notice a group's leader gets when a lead is routed to their group (`leadNotice`), made
/// with every local write of a lead: once per lead, group and leader account, its id made from
/// the three, so writing the lead again (a note, a new state) tells nobody twice, and two
/// consoles routing the same lead make the same record.
enum LeadNotices {
    /// The leader is told of a lead still to follow up; one already joined or not interested
    /// is bookkeeping, not news.
    static let toldStates: Set<String> = [LeadState.new.rawValue, LeadState.contacted.rawValue]

    static func makeWithLead(_ lead: UUID, fields: JSONValue, orgId: UUID, author: String?, _ db: Database) throws {
        guard let groupText = fields["group"]?.stringValue, let group = UUID(uuidString: groupText),
              toldStates.contains(fields["state"]?.stringValue ?? LeadState.new.rawValue),
              let groupRecord = try RecordType.communityGroup.storage.fetch(entity: RecordType.communityGroup.entity,
                                                                            id: UUIDColumn.encode(group), db),
              groupRecord.orgId == orgId, !groupRecord.deleted,
              let leader = groupRecord.fields["leaderMember"]?.stringValue, let leaderId = UUID(uuidString: leader)
        else { return }
        let id = noticeId(lead: lead, group: group, leader: leaderId)
        guard try RecordType.leadNotice.storage.fetch(entity: RecordType.leadNotice.entity, id: UUIDColumn.encode(id), db) == nil,
              let org = try Organization.fetchOne(db, key: UUIDColumn.encode(orgId)) else { return }
        let noticeFields = Self.fields(lead: lead, leadFields: fields, group: group, groupFields: groupRecord.fields,
                                       leader: leaderId, at: Date())
        let checked = try RecordType.leadNotice.validate(noticeFields, orgZone: org.timeZone)
        let now = Date.storedNow
        try RecordWrites.save(LocalRecord(entity: RecordType.leadNotice.entity, id: id, orgId: orgId, createdAt: now,
                                          updatedAt: now, fields: checked), previous: nil, org: org, author: author, db)
    }

    /// "Ava Thompson would like to join North Campus Women", for the leader's account.
    static func fields(lead: UUID, leadFields: JSONValue, group: UUID, groupFields: JSONValue, leader: UUID, at: Date) -> JSONValue {
        let message = tr("{name} would like to join {group}: they answered \"get involved\"",
                         ["name": leadFields["name"]?.stringValue ?? "", "group": groupFields["name"]?.stringValue ?? ""])
        return .object(["lead": .string(lead.uuidString.lowercased()), "group": .string(group.uuidString.lowercased()),
                        "member": .string(leader.uuidString.lowercased()), "message": .string(message),
                        "at": .string(DateTimeText.utc(at))])
    }

    /// The same for a lead, a group and a leader on every console (a name-based UUID).
    static func noticeId(lead: UUID, group: UUID, leader: UUID) -> UUID {
        let name = "steward lead notice\u{0}\(lead.uuidString.lowercased())\u{0}\(group.uuidString.lowercased())\u{0}\(leader.uuidString.lowercased())"
        var bytes = Array(SHA256.hash(data: Data(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x50  // version 5 (name-based)
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
