import Foundation
import StewardCore

/// What members see of a record type, decided by its declaration in StewardCore: the records
/// its `isVisibleToMembers` lets through at this moment, in the order its list uses.
enum MemberRecords {
    /// The types the apps read whole through `GET /v1/orgs/{org}/<commandName>`. Types declared
    /// to be read otherwise (`MemberReads`: events upcoming, the gym's classes by date range)
    /// keep their own endpoints, and a singleton (the podcast's settings) is served in its own
    /// form (`podcast.xml`). The approval queue's types are staff's business: members read their
    /// own submissions and notifications through `me/…`, never anyone else's. Types for staff
    /// alone (the stamp ledger, check-in keys, loans, borrowers) are not served at all.
    static let served: [RecordType] = RecordTypes.all.filter {
        if case .wholeList = $0.memberReads {
            return !$0.isSingleton && $0.module != .approvals && !$0.isStaffOnly
        }
        return false
    }

    static func visible(_ records: [RemoteRecord], of type: RecordType, now: Date) -> [RemoteRecord] {
        sorted(records.filter { !$0.deleted && type.isVisibleToMembers($0.fields, now: now) }, of: type)
    }

    /// What one member reads of a type that keeps some records for group leaders (a leaders'
    /// guide): those only while the member leads one of the live `groups`. Staff and API
    /// tokens read them all.
    static func forMember(_ records: [RemoteRecord], of type: RecordType, memberId: String,
                          groups: [RemoteRecord]) -> [RemoteRecord] {
        guard let leadersOnly = type.groupLeadersOnly else { return records }
        let leaders = GroupLeaders.memberIds(groups.filter { !$0.deleted }.map(\.fields))
        if leaders.contains(memberId.lowercased()) { return records }
        return records.filter { !leadersOnly($0.fields) }
    }

    /// The type's order (its `orderField`, ascending unless declared otherwise, empty values
    /// last), then the title, then the id, so that the same records always give the same bytes
    /// and so the same entity tag.
    static func sorted(_ records: [RemoteRecord], of type: RecordType) -> [RemoteRecord] {
        records.sorted { a, b in
            let order = compare(a.fields[type.orderField], b.fields[type.orderField])
            if order != .orderedSame { return type.orderDescending ? order == .orderedDescending : order == .orderedAscending }
            let titles = type.title(of: a.fields).localizedCaseInsensitiveCompare(type.title(of: b.fields))
            if titles != .orderedSame { return titles == .orderedAscending }
            return a.id < b.id
        }
    }

    /// As the console's lists compare: numbers as numbers, text by its letters, empty last.
    private static func compare(_ a: JSONValue?, _ b: JSONValue?) -> ComparisonResult {
        switch (a, b) {
        case (.int(let x)?, .int(let y)?): return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
        case (.string(let x)?, .string(let y)?) where !x.isEmpty && !y.isEmpty: return x.localizedCaseInsensitiveCompare(y)
        case (.bool(let x)?, .bool(let y)?): return x == y ? .orderedSame : (x ? .orderedAscending : .orderedDescending)
        default:
            let aEmpty = isEmpty(a), bEmpty = isEmpty(b)
            if aEmpty == bEmpty { return .orderedSame }
            return aEmpty ? .orderedDescending : .orderedAscending
        }
    }

    private static func isEmpty(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: true
        case .string(let text)?: text.isEmpty
        default: false
        }
    }

    /// One item of a read answer: `id`, `version` and every field, plus, for each reference
    /// field, `<field>Title`: the title of the record it names (null when it names none the
    /// members can see), so an app shows "Advent: Waiting Well" without a second request.
    /// Decimals pushed as text before they were numbers are served as numbers, as every other.
    static func item(_ record: RemoteRecord, of type: RecordType, titles: [String: [String: String]]) -> JSONValue {
        var members: [String: JSONValue] = [:]
        if case .object(let fields) = type.numbersForDecimalText(in: record.fields) { members = fields }
        for (field, target) in type.references {
            let title = record.fields[field.name]?.stringValue.flatMap { titles[target]?[$0] }
            members[field.name + "Title"] = title.map(JSONValue.string) ?? .null
        }
        members["id"] = .string(record.id)
        members["version"] = .int(record.version)
        return .object(members)
    }
}
