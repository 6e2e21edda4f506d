import Foundation
import StewardCore

/// What the delivery queue holds for an announcement: its message while it waits for its time,
/// made from the record in the same transaction that stores the record, so a scheduled
/// announcement is never stored without its message, and an edit before its time (or a return
/// to draft, or a deletion) changes or withdraws the message. Once sent, the message stays as it
/// went out (the record can no longer change: `AnnouncementRules`).
enum AnnouncementMessages {
    /// Past this a notification is stale: not sent, and push services drop it.
    static let timeToLive: TimeInterval = 2 * 86_400

    static func messageId(announcementId id: String) -> String { "announcement:\(id)" }

    /// The announcement's id when `messageId` is an announcement's message.
    static func announcementId(messageId: String) -> String? {
        messageId.hasPrefix("announcement:") ? String(messageId.dropFirst("announcement:".count)) : nil
    }

    /// What a record write does to the queue, in order: an announcement's message, a member's
    /// notice (`MemberNotices`) or an event's reminders (`EventReminders`, placed in `zone`, the
    /// organization's); nothing for other types.
    static func queueChanges(for write: StoredRecord, org: String, zone: TimeZone) -> [PushQueueChange] {
        if write.record.entity == RecordType.event.entity { return EventReminders.queueChanges(for: write, org: org, zone: zone) }
        return queueChange(for: write, org: org).map { [$0] } ?? []
    }

    /// Whether a write of `entity` may change the queue in a way that needs the organization's zone.
    static func needsZone(_ entity: String) -> Bool { entity == RecordType.event.entity }

    /// What a record write does to the queue: an announcement's message, or a member's notice
    /// (`MemberNotices`); nil for other types.
    static func queueChange(for write: StoredRecord, org: String) -> PushQueueChange? {
        let record = write.record
        if let notice = MemberNotices.message(for: write, org: org) { return .add(notice) }
        guard record.entity == RecordType.announcement.entity else { return nil }
        let id = messageId(announcementId: record.id)
        guard !record.deleted, let message = message(org: org, id: record.id, fields: record.fields) else {
            return .withdraw(org: org, id: id)
        }
        return .put(message)
    }

    /// The message of a scheduled announcement, for its audience and its campus and ministry;
    /// nil for a draft.
    static func message(org: String, id: String, fields: JSONValue) -> PushMessage? {
        guard fields["sending"]?.stringValue == AnnouncementStatus.scheduled.rawValue,
              let sendAt = fields["sendAt"]?.stringValue.flatMap(DateTimeText.parseUTC) else { return nil }
        let link = fields["link"]?.stringValue ?? ""
        let record = fields["record"]?.stringValue ?? ""
        let tags = (fields["audience"]?.arrayValue ?? []).compactMap(\.stringValue)
        return PushMessage(org: org, id: messageId(announcementId: id), title: fields["title"]?.stringValue ?? "",
                           body: fields["body"]?.stringValue ?? "", url: link.isEmpty ? nil : link,
                           record: record.isEmpty ? nil : record, audience: tags, tags: CampusChoice(fields: fields),
                           urgency: fields["urgent"]?.boolValue == true ? .high : .normal,
                           sendAt: sendAt, expiresAt: sendAt.addingTimeInterval(timeToLive))
    }
}

/// A change to the queue that a record write brings, applied in the write's transaction.
enum PushQueueChange: Sendable, Hashable {
    /// Queue the message, or change it while it still waits.
    case put(PushMessage)
    /// Queue the message unless it was queued before (a notice is sent once).
    case add(PushMessage)
    /// Take the message out while it still waits.
    case withdraw(org: String, id: String)
    /// Take out every message whose id starts so while it still waits (an event's reminders).
    case withdrawAll(org: String, idPrefix: String)
}
