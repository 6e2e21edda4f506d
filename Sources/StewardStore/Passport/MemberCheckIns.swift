import Foundation
import StewardCore

/// A member checking in at an event: pure rules over what the store holds, run in the
/// organization's transaction. Every refusal is its own failure, and none writes anything.
enum MemberCheckIns {
    enum Failure: Error, Sendable {
        case invalid(String)
        case disabled
        case noEvent
        case notPassportEvent
        case notOpenYet(Date)
        case closed(Date)
        case wrongCode
        case codeExpired
        case tooFar(Double)
        case alreadyCheckedIn(String)
    }

    struct Attempt: Sendable {
        var event: String
        /// The date of a repeating event checked in at (its original local start); nil: the one
        /// going on now, or an event that happens once.
        var occurrence: String?
        var code: String?
        var position: Coordinate?

        init(_ body: JSONValue) throws(Failure) {
            guard case .object = body else { throw .invalid("body: must be a JSON object with event, code, latitude and longitude") }
            guard let text = body["event"]?.stringValue, let id = UUID(uuidString: text) else {
                throw .invalid("event: must be an event id")
            }
            event = id.uuidString.lowercased()
            switch body["occurrence"] {
            case .string(let text)?:
                let key = text.trimmingCharacters(in: .whitespaces)
                guard OccurrenceKeys.isDate(key) != nil else {
                    throw .invalid("occurrence: must be a date's start like 2026-12-02T19:00, or a day like 2026-12-02 for an all-day event")
                }
                occurrence = key
            case nil, .null?: occurrence = nil
            default: throw .invalid("occurrence: must be text, a date's start like 2026-12-02T19:00")
            }
            switch body["code"] {
            case .string(let code)?: self.code = code
            case nil, .null?: code = nil
            default: throw .invalid("code: must be text, the digits shown at the event")
            }
            let latitude = body["latitude"].flatMap { $0 == .null ? nil : $0 }
            let longitude = body["longitude"].flatMap { $0 == .null ? nil : $0 }
            switch (latitude, longitude) {
            case (nil, nil): position = nil
            case (let latValue?, let lonValue?):
                guard let lat = latValue.doubleValue, let lon = lonValue.doubleValue, (-90...90).contains(lat),
                      (-180...180).contains(lon) else {
                    throw .invalid("latitude and longitude: must be numbers, -90 to 90 and -180 to 180")
                }
                position = Coordinate(latitude: lat, longitude: lon)
            default: throw .invalid("latitude and longitude: give both or neither")
            }
        }
    }

    /// What a successful check-in wrote.
    struct Outcome: Sendable {
        var entry: RemoteRecord
        var stamps: Int
        /// The date of a repeating event the stamp is for; nil for an event that happens once.
        var occurrence: String?
    }

    /// What the check-in reads under the organization's lock: the member, the event and its
    /// key (`keys`), and every ledger entry of the member at the event (`stamps`, read through
    /// the ledger's index with the id the next entry would take), so that whatever gave the
    /// member a stamp there, under whatever id, is seen, and two check-ins at once are one.
    static func keys(memberId: String, event: String) -> Set<RecordKey> {
        [RecordKey(entity: RecordType.member.entity, id: memberId),
         RecordKey(entity: SyncEntity.event, id: event),
         RecordKey(entity: RecordType.checkInKey.entity, id: event)]
    }

    static func stamps(memberId: String, event: String, occurrence: String? = nil) -> Set<StampPair> {
        [StampPair(member: memberId, event: event, occurrence: occurrence)]
    }

    /// Checks the attempt and writes the member's check-in entry, unless an entry of the ledger
    /// gives the member a stamp for the event already (a check-in, or a staff grant). The new
    /// entry's id comes from the member, the event and how many of their stamps there were
    /// revoked (`CheckInRules.entryId`), so checking in again after a revocation writes a new
    /// entry rather than finding the revoked one.
    static func checkIn(_ attempt: Attempt, memberId: String, writer: inout RecordWriter) throws(Failure) -> Outcome {
        guard let member = MemberSubmissions.Submitter(id: memberId, record: writer.liveFields(RecordType.member.entity, memberId)) else {
            throw .disabled
        }
        guard let fields = writer.liveFields(SyncEntity.event, attempt.event) else { throw .noEvent }
        guard let event = try? EventDetails(syncFields: fields) else { throw .noEvent }
        guard event.stampValue > 0 else { throw .notPassportEvent }
        let now = writer.now
        // A series checks in date by date: the date named, or the one open now (else the next
        // or last, whose window then says when).
        var timing = event.timing
        var occurrence: String?
        if event.repeats.series(timing: event.timing) != nil {
            let chosen: (occurrence: EventOccurrence, window: CheckInWindow)
            if let named = attempt.occurrence {
                do {
                    chosen = try CheckInOccurrences.named(named, of: event, zone: writer.zone)
                } catch {
                    throw .invalid("occurrence: \(error.issues.first?.message ?? error.description)")
                }
            } else {
                guard let current = CheckInOccurrences.current(of: event, id: UUID(uuidString: attempt.event) ?? UUID(),
                                                               at: now, zone: writer.zone) else { throw .noEvent }
                chosen = current
            }
            timing = chosen.occurrence.timing
            occurrence = chosen.occurrence.occurrence
        } else if let named = attempt.occurrence {
            throw .invalid("occurrence: this event happens once; leave occurrence out (got \(named))")
        }
        if case .untimed = timing, let place = event.coordinate {
            guard let position = attempt.position else {
                throw .invalid("latitude and longitude: this event checks where you are; send your position")
            }
            let distance = CheckInRules.distance(place, position)
            if distance > CheckInRules.defaultRadius { throw .tooFar(distance) }
        } else {
            let window = CheckInWindow(timing: timing, orgZone: writer.zone)
            if let opens = window.opens, now < opens { throw .notOpenYet(opens) }
            if let closes = window.closes, now > closes { throw .closed(closes) }
            guard let typed = attempt.code, !typed.isEmpty else { throw .invalid("code: required; type the code shown at the event") }
            guard let secret = writer.liveFields(RecordType.checkInKey.entity, attempt.event)?["secret"]?.stringValue
                .flatMap(CheckInKeys.secretBytes) else { throw .wrongCode }
            let code = CheckInOccurrences.code(secret: secret, occurrence: occurrence)
            if !code.accepts(typed, at: now, window: window) {
                throw CheckInRules.isExpired(typed, code: code, at: now) ? .codeExpired : .wrongCode
            }
        }
        let pair = StampPair(member: memberId, event: attempt.event, occurrence: occurrence)
        let standing = StampHoldings.standing(pair, records: writer.records)
        if let held = standing.held { throw .alreadyCheckedIn(held) }
        let id = CheckInRules.entryId(member: memberId, event: attempt.event, occurrence: occurrence, round: standing.round)
        if let existing = writer.record(RecordType.stamp.entity, id) { throw .alreadyCheckedIn(existing.id) }
        let entry = StampEntry.fields(member: memberId, event: attempt.event, stamps: event.stampValue, kind: .checkIn,
                                      by: member.author, at: now, note: "", occurrence: occurrence)
        guard let checked = try? RecordType.stamp.validate(entry, orgZone: writer.zone) else {
            throw .invalid("the check-in entry is not valid")
        }
        do {
            try writer.write(RecordType.stamp.entity, id, fields: checked)
        } catch {
            throw .invalid(error.description)
        }
        return Outcome(entry: writer.record(RecordType.stamp.entity, id)!, stamps: event.stampValue, occurrence: occurrence)
    }
}
