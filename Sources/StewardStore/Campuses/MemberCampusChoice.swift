import Foundation
import StewardCore

/// A member choosing the campus and ministry they see in the app: pure rules over what the
/// store holds, run in the organization's transaction. The choice is the member's own
/// `campusChoice` record, kept under the member's id, so choosing again replaces it.
enum MemberCampusChoice {
    enum Failure: Error, Sendable {
        case invalid(String)
        case disabled
        case unknown(field: String, noun: String)
    }

    /// The body of `PUT …/me/campus`: `{"campus": ID|null, "ministry": ID|null}`; a key left out,
    /// null or "" chooses none (every campus, every ministry).
    static func parse(_ body: JSONValue) throws(Failure) -> CampusChoice {
        guard case .object = body else {
            throw .invalid("body: must be a JSON object with campus and ministry (an id, or null for all)")
        }
        func id(_ field: String, _ noun: String) throws(Failure) -> String {
            switch body[field] {
            case nil, .null?: return ""
            case .string(let text)? where text.isEmpty: return ""
            case .string(let text)?:
                guard let uuid = UUID(uuidString: text) else {
                    throw .invalid("\(field): must be a \(noun)'s id (a UUID) from `\(noun == "campus" ? "campuses" : "ministries")`, or null for all; got \"\(text)\"")
                }
                return uuid.uuidString.lowercased()
            default:
                throw .invalid("\(field): must be a \(noun)'s id (a UUID) as text, or null for all")
            }
        }
        return CampusChoice(campus: try id(CampusTags.campusField, "campus"), ministry: try id(CampusTags.ministryField, "ministry"))
    }

    static func keys(memberId: String, choice: CampusChoice) -> Set<RecordKey> {
        var keys: Set<RecordKey> = [RecordKey(entity: RecordType.member.entity, id: memberId),
                                    RecordKey(entity: RecordType.campusChoice.entity, id: memberId)]
        if !choice.campus.isEmpty { keys.insert(RecordKey(entity: RecordType.campus.entity, id: choice.campus)) }
        if !choice.ministry.isEmpty { keys.insert(RecordKey(entity: RecordType.ministry.entity, id: choice.ministry)) }
        return keys
    }

    /// Checks the chosen campus and ministry are live ones of the organization and keeps the
    /// choice; choosing what is already kept writes nothing.
    static func choose(_ choice: CampusChoice, memberId: String, writer: inout RecordWriter) throws(Failure) -> CampusChoice {
        guard let member = writer.liveFields(RecordType.member.entity, memberId), member["disabled"]?.boolValue != true else {
            throw .disabled
        }
        if !choice.campus.isEmpty, writer.liveFields(RecordType.campus.entity, choice.campus) == nil {
            throw .unknown(field: CampusTags.campusField, noun: "campus")
        }
        if !choice.ministry.isEmpty, writer.liveFields(RecordType.ministry.entity, choice.ministry) == nil {
            throw .unknown(field: CampusTags.ministryField, noun: "ministry")
        }
        if let kept = writer.record(RecordType.campusChoice.entity, memberId), !kept.deleted,
           CampusChoice(fields: kept.fields) == choice {
            return choice
        }
        var fields: [String: JSONValue] = ["member": .string(memberId)]
        if !choice.campus.isEmpty { fields[CampusTags.campusField] = .string(choice.campus) }
        if !choice.ministry.isEmpty { fields[CampusTags.ministryField] = .string(choice.ministry) }
        do {
            let checked = try RecordType.campusChoice.validate(.object(fields), orgZone: writer.zone)
            try writer.write(RecordType.campusChoice.entity, memberId, fields: checked)
        } catch {
            throw .invalid("the choice cannot be stored: \(error)")
        }
        return choice
    }

    /// The choice as the app reads it back: each id, or null for all.
    static func json(_ choice: CampusChoice) -> JSONValue {
        .object([CampusTags.campusField: choice.campus.isEmpty ? .null : .string(choice.campus),
                 CampusTags.ministryField: choice.ministry.isEmpty ? .null : .string(choice.ministry)])
    }
}
