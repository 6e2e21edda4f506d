import Foundation
import StewardCore
import Translation

/// An event's reminders (`remindBefore`): one message per occurrence, to the event's audience
/// (and its campus and ministry, as members read events), at its start less the reminder, stale once the occurrence starts. They are queued when the
/// event is written, in the same transaction, for the occurrences whose reminder falls within
/// `horizon`; an edit withdraws the ones still waiting and queues them anew, so a moved,
/// cancelled or deleted occurrence keeps no reminder of its old self (one already sent stays
/// sent). A series goes on past the horizon: the delivery service tops the queue up as its
/// occurrences come within it (`PushQueueRepository.queueEventReminders`).
enum EventReminders {
    /// How far ahead reminders are queued.
    static let horizon: TimeInterval = 8 * 86_400
    /// How often each store process tops the queue up; a reminder enters the horizon at most
    /// this late, days before it is due.
    static let topUpInterval: TimeInterval = 600

    /// `reminder:<event id>:<occurrence start, UTC>`: one message per occurrence, so queuing it
    /// again (a top-up in another process) changes nothing.
    static func messageId(eventId: String, start: Date) -> String { "\(idPrefix(eventId: eventId))\(DateTimeText.utc(start))" }

    /// What every reminder of the event's id starts with.
    static func idPrefix(eventId: String) -> String { "reminder:\(eventId):" }

    /// What writing an event record does to the queue: its waiting reminders withdrawn, then
    /// those of its occurrences whose reminder time is in `(now, now + horizon]` put.
    static func queueChanges(for write: StoredRecord, org: String, zone: TimeZone) -> [PushQueueChange] {
        let record = write.record
        guard record.entity == RecordType.event.entity else { return [] }
        let withdraw = PushQueueChange.withdrawAll(org: org, idPrefix: idPrefix(eventId: record.id))
        guard !record.deleted else { return [withdraw] }
        return [withdraw] + messages(org: org, record: record, zone: zone, now: Milliseconds.date(write.changedAt)).map(PushQueueChange.put)
    }

    /// The reminders of an event record whose time is in `(now, now + horizon]`, soonest first;
    /// none for an event without a reminder, an untimed one or one that does not read.
    static func messages(org: String, record: RemoteRecord, zone: TimeZone, now: Date) -> [PushMessage] {
        guard !record.deleted, let details = try? EventDetails(syncFields: record.fields), details.remindBefore > 0 else { return [] }
        let before = TimeInterval(details.remindBefore * 60)
        let event = Event(id: UUID(uuidString: record.id) ?? UUID(), orgId: UUID(), version: record.version, details: details)
        // Cancelled occurrences are left out; changed ones come at their own time with their own title.
        let occurrences = event.occurrences(from: now.addingTimeInterval(before),
                                            to: now.addingTimeInterval(before + horizon + 1), zone: zone)
        return occurrences.compactMap { occurrence in
            guard let start = occurrence.timing.sortStart(orgZone: zone) else { return nil }
            let sendAt = start.addingTimeInterval(-before)
            guard sendAt > now, sendAt <= now.addingTimeInterval(horizon) else { return nil }
            return PushMessage(org: org, id: messageId(eventId: record.id, start: start), title: occurrence.title,
                               body: body(occurrence, start: start, before: before, zone: zone), record: "event:\(record.id)",
                               audience: details.audience, tags: CampusChoice(campus: details.campus, ministry: details.ministry),
                               urgency: .normal, sendAt: sendAt, expiresAt: start)
        }
    }

    /// "Starts at 10:00 · Main Hall"; the day too when it is a day or more away ("Starts Sun 6
    /// Dec at 10:00"), and "all day" for an all-day event. The store has no member's language:
    /// English, with a 24-hour clock in the organization's zone, as its other notices.
    static func body(_ occurrence: EventOccurrence, start: Date, before: TimeInterval, zone: TimeZone) -> String {
        let when: String
        if case .allDay = occurrence.timing {
            when = "Starts " + DatePatternText.format(start, "EEE d MMM", zone: zone, locale: .english) + ", all day"
        } else if before >= 86_400 {
            when = "Starts " + DatePatternText.format(start, "EEE d MMM", zone: zone, locale: .english)
                + " at " + DatePatternText.format(start, "HH:mm", zone: zone, locale: .english)
        } else {
            when = "Starts at " + DatePatternText.format(start, "HH:mm", zone: zone, locale: .english)
        }
        let place = occurrence.locationName.trimmingCharacters(in: .whitespaces)
        return place.isEmpty ? when : "\(when) · \(place)"
    }
}
