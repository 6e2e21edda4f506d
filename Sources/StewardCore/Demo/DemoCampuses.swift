import Foundation
import GRDB

/// The campus ministry's campuses and ministries, which some of its demo events and resources
/// are tagged with. Made before the events, so they are ahead of them in the outbox: the store
/// checks an event's campus and ministry exist.
enum DemoCampuses {
    /// The keys the demo's events and resources name a campus by.
    enum Campus: String, CaseIterable {
        case berkeley, oakland
    }

    /// The keys the demo's events and resources name a ministry by.
    enum Ministry: String, CaseIterable {
        case undergraduates, graduates, international
    }

    /// What was made, by key, for the templates that name one.
    struct Ids {
        var campuses: [Campus: UUID] = [:]
        var ministries: [Ministry: UUID] = [:]
        var count: Int { campuses.count + ministries.count }

        /// The id as a tag holds it; "" for none.
        func tag(_ campus: Campus?) -> String { campus.flatMap { campuses[$0] }?.uuidString.lowercased() ?? "" }
        func tag(_ ministry: Ministry?) -> String { ministry.flatMap { ministries[$0] }?.uuidString.lowercased() ?? "" }
    }

    private static let campusList: [(key: Campus, name: String, address: String, description: String)] = [
        (.berkeley, "Berkeley Campus", "2495 Bancroft Way, Berkeley, CA 94720",
         "Thursday Large Group at the Student Union, small groups in the dorms."),
        (.oakland, "Oakland Campus", "7900 Edgewater Dr, Oakland, CA 94621",
         "Students at Laney and Merritt colleges; serving days at the food bank."),
    ]

    private static let ministryList: [(key: Ministry, name: String, description: String)] = [
        (.undergraduates, "Undergraduates", "Freshmen to seniors: large group, small groups and retreats."),
        (.graduates, "Graduate Students", "Masters and PhD students, and young professionals."),
        (.international, "International Students", "Friendship partners, English conversation and holidays together."),
    ]

    /// Stores the campuses and ministries, inside the caller's transaction (none for another
    /// kind of organization).
    static func add(for org: Organization, _ db: Database) throws -> Ids {
        guard org.kind == .campusMinistry else { return Ids() }
        var ids = Ids()
        func save(_ type: RecordType, _ fields: [String: JSONValue]) throws -> UUID {
            let record = LocalRecord(entity: type.entity, orgId: org.id,
                                     fields: try type.validate(.object(fields), orgZone: org.timeZone))
            try RecordWrites.save(record, previous: nil, org: org, db)
            return record.id
        }
        for (position, campus) in campusList.enumerated() {
            ids.campuses[campus.key] = try save(.campus, ["name": .string(campus.name), "address": .string(campus.address),
                                                          "description": .string(campus.description), "position": .int(Int64(position))])
        }
        for (position, ministry) in ministryList.enumerated() {
            ids.ministries[ministry.key] = try save(.ministry, ["name": .string(ministry.name), "description": .string(ministry.description),
                                                                "position": .int(Int64(position))])
        }
        return ids
    }
}
