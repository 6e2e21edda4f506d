import Foundation
import StewardCore

/// A member's "get involved" answer from the app, made into a lead for staff: pure rules over
/// what the store holds, run in the organization's transaction. The app sends only what the
/// student typed; who sent it, when, and where the lead stands (new, routed to nobody) are the
/// store's to set, so an app cannot route its own lead or mark it joined.
enum MemberLeads {
    enum Failure: Error, Sendable {
        case invalid(String)
        case disabled
    }

    /// The fields an app may send: the questionnaire's answers, all optional.
    static let appFields = ["name", "contact", "interests", "availability", "gender", "year", "area", "freeDays", "freeTimes"]

    static func keys(memberId: String, id: String) -> Set<RecordKey> {
        [RecordKey(entity: RecordType.member.entity, id: memberId), RecordKey(entity: RecordType.lead.entity, id: id)]
    }

    static func create(_ body: JSONValue, id: String, memberId: String, now: Date,
                       writer: inout RecordWriter) throws(Failure) -> RemoteRecord {
        guard let member = writer.liveFields(RecordType.member.entity, memberId),
              MemberSubmissions.Submitter(id: memberId, record: member) != nil else {
            throw .disabled
        }
        guard case .object(let sent) = body else {
            throw .invalid("body: must be a JSON object with \(appFields.joined(separator: ", "))")
        }
        let unknown = sent.keys.filter { !appFields.contains($0) }.sorted()
        if let first = unknown.first {
            throw .invalid("\(FieldSpec.kebab(first)): is not sent by the app (staff route leads and set their state); "
                           + "send only \(appFields.joined(separator: ", "))")
        }
        var fields = sent
        // A member who leaves their name or contact out is reached as their account says.
        if isBlank(fields["name"]) { fields["name"] = member["displayName"] }
        if isBlank(fields["contact"]) { fields["contact"] = member["email"] }
        fields["member"] = .string(memberId)
        fields["state"] = .string(LeadState.new.rawValue)
        fields["receivedAt"] = .string(DateTimeText.utc(now))
        let checked: JSONValue
        do {
            checked = try RecordType.lead.validate(.object(fields), orgZone: writer.zone)
        } catch {
            throw .invalid(error.description)
        }
        do {
            try writer.write(RecordType.lead.entity, id, fields: checked)
        } catch {
            throw .invalid(error.description)
        }
        return writer.record(RecordType.lead.entity, id)!
    }

    private static func isBlank(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: true
        case .string(let text)?: text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        default: false
        }
    }

    /// What the app gets back: its own answer and where it stands, never staff's notes.
    static func view(_ record: RemoteRecord) -> JSONValue {
        var item: [String: JSONValue] = ["id": .string(record.id)]
        for name in appFields + ["state", "receivedAt"] { item[name] = record.fields[name] ?? .null }
        return .object(item)
    }
}
