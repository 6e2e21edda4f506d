import Foundation
import GRDB

/// Every record type Steward knows, in one list: the console and the store read the same one,
/// so both accept exactly the same records.
public enum RecordTypes {
    public static let all: [RecordType] = [.event, .eventCalendar, .bulletin, .series, .message, .podcast, .fund,
                                               .member, .submission, .notification, .reason, .stamp, .checkInKey,
                                               .shelf, .book, .borrower, .lender, .loan, .borrowing, .lendingPolicy,
                                               .bookReview, .readingListEntry,
                                               .passportLevel, .prize, .redemption, .question, .answer,
                                               .communityPage, .mapPin,
                                               .rideOffer, .rideRequest, .rideAssignment, .rideNotification, .rideSettings, .rideEventPickup,
                                               .dailyQuote, .gymInfo, .gymClass, .trainer,
                                               .ministryTeam, .communityGroup, .mission, .ministryResource, .lead, .leadNotice,
                                               .campus, .ministry, .campusChoice,
                                               .announcement, .announcementReport, .pushSettings,
                                               .moduleChoice, .profile]

    private static let byEntity = Dictionary(uniqueKeysWithValues: all.map { ($0.entity, $0) })
    private static let byCommand = Dictionary(uniqueKeysWithValues: all.map { ($0.commandName, $0) })

    public static func named(_ entity: String) -> RecordType? { byEntity[entity] }

    /// The type a `stewardctl` noun names (`funds`).
    public static func command(_ name: String) -> RecordType? { byCommand[name] }

    /// The types a module's page shows, in declaration order.
    public static func types(in module: Module) -> [RecordType] { all.filter { $0.module == module } }

    /// The types whose reference fields point at `entity`, with those fields: what keeps one of
    /// its records from being deleted, on the console and the store. A type that belongs to the
    /// record it names (a check-in key to its event) does not.
    public static func referrers(of entity: String) -> [(type: RecordType, field: FieldSpec)] {
        all.filter { !$0.belongsToItsReference }
            .flatMap { type in type.references.filter { $0.entity == entity }.map { (type, $0.field) } }
    }

    /// Where records of `entity` live: its type's storage, or the shared table for a type this
    /// console does not know.
    static func storage(for entity: String) -> any LocalRecordStorage {
        byEntity[entity]?.storage ?? shared
    }

    private static let shared = SharedRecordStorage()

    /// After a full pull, for every type and every unknown entity the console holds.
    static func dropUnseen(orgId: UUID, throughVersion: Int64, _ db: Database) throws -> Int {
        var entities = Set(all.map(\.entity))
        entities.formUnion(try SharedRecordStorage.entities(orgId: orgId, db))
        var dropped = 0
        for entity in entities.sorted() {
            dropped += try storage(for: entity).dropUnseen(entity: entity, orgId: orgId, throughVersion: throughVersion, db)
        }
        return dropped
    }

    /// Every record of the organization, of every type, tombstones included.
    static func allRecords(orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        var entities = Set(all.map(\.entity))
        entities.formUnion(try SharedRecordStorage.entities(orgId: orgId, db))
        return try entities.sorted().flatMap { try storage(for: $0).all(entity: $0, orgId: orgId, db) }
    }
}

/// The entities that sync; the store refuses any other.
public enum SyncEntity {
    public static let event = "event"
    public static var all: Set<String> { Set(RecordTypes.all.map(\.entity)) }
}
