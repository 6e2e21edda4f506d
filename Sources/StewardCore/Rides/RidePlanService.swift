import Foundation
import GRDB
import Translation

/// What staff do to an event's rides: read the board, assign and unassign by hand (refusing
/// what breaks a rule or a seat count), and have the solver propose a plan, shown as a diff
/// against the plan in force, to accept. Each change is one transaction over the record kit's
/// writes, so it syncs and keeps history like any record, and a refused change changes nothing.
public final class RidePlanService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The organization an event belongs to, or nil when there is no such event.
    public func organization(ofEvent event: UUID) async throws -> Organization? {
        let orgId = try await database.writer.read { db in
            try RecordType.event.storage.fetch(entity: RecordType.event.entity, id: UUIDColumn.encode(event), db)
                .flatMap { $0.deleted ? nil : $0.orgId }
        }
        guard let orgId else { return nil }
        return try await OrganizationService(database: database).all().first { $0.id == orgId }
    }

    /// The event's board; for a repeating event, of the date `occurrence` names (its original
    /// local start), or of its next date when nil.
    public func board(event: UUID, occurrence: String? = nil, in org: Organization) async throws -> RideBoard {
        try await database.writer.read { db in try RideBoard.load(eventId: event, occurrence: occurrence, org: org, db) }
    }

    /// The optimal plan for the event, keeping the plan in force as far as the rules allow.
    public func propose(event: UUID, occurrence: String? = nil, in org: Organization) async throws -> (board: RideBoard, diff: RidePlanDiff) {
        let board = try await board(event: event, occurrence: occurrence, in: org)
        try Self.requireRideSharing(board)
        let answer = try RideSolver().solve(board.instance)
        return (board, RidePlanDiff(current: board.plan, answer: answer))
    }

    /// Applies a proposal made against the plan in force; refused if the plan changed since.
    @discardableResult
    public func accept(_ diff: RidePlanDiff, basis: [RidePair], event: UUID, occurrence: String? = nil,
                       in org: Organization) async throws -> RideBoard {
        try await database.writer.write { db in
            let board = try RideBoard.load(eventId: event, occurrence: occurrence, org: org, db)
            guard Set(board.plan) == Set(basis) else { throw RideBoardError.planChanged }
            let proposed = Set(diff.answer.assignments)
            let notices = RideNotices(board: board, zone: org.timeZone)
            for assignment in board.assignments {
                guard let pair = RideBoard.pair(assignment), !proposed.contains(pair) else { continue }
                try Self.remove(assignment, org: org, db)
                try Self.notify(notices.fields(for: pair, .removed, at: Date()), org: org, db)
            }
            let now = Set(board.plan)
            for pair in diff.answer.assignments where !now.contains(pair) {
                try Self.add(pair, event: board.event.key, occurrence: board.occurrence?.occurrence, org: org, db)
                try Self.notify(notices.fields(for: pair, .seated, at: Date()), org: org, db)
            }
            return try RideBoard.load(eventId: event, occurrence: board.occurrence?.occurrence, org: org, db)
        }
    }

    /// Seats a passenger with a driver on a leg by hand, if the rules and the seats allow it.
    @discardableResult
    public func assign(request: String, offer: String, leg: RideLeg, event: UUID, occurrence: String? = nil,
                       in org: Organization) async throws -> LocalRecord {
        try await database.writer.write { db in
            let board = try RideBoard.load(eventId: event, occurrence: occurrence, org: org, db)
            try Self.requireRideSharing(board)
            guard let offerRecord = board.offers.first(where: { $0.key == offer.lowercased() }),
                  let driver = board.driver(offerRecord) else { throw RideBoardError.noOffer(offer) }
            guard let requestRecord = board.requests.first(where: { $0.key == request.lowercased() }),
                  let passenger = board.passenger(requestRecord) else { throw RideBoardError.noRequest(request) }
            if let rule = RideEligibility(maxTimeGapMinutes: RideRules.maxTimeGapMinutes).brokenRule(passenger, driver, on: leg) {
                throw RideBoardError.ruleBroken(rule)
            }
            if board.plan.contains(where: { $0.passenger == passenger.id && $0.leg == leg }) { throw RideBoardError.alreadySeated(leg: leg) }
            guard board.seatsLeft(offer: offerRecord, on: leg) > 0 else { throw RideBoardError.full(leg: leg) }
            let pair = RidePair(passenger: passenger.id, driver: driver.id, leg: leg)
            let record = try Self.add(pair, event: board.event.key, occurrence: board.occurrence?.occurrence, org: org, db)
            try Self.notify(RideNotices(board: board, zone: org.timeZone).fields(for: pair, .seated, at: Date()), org: org, db)
            return record
        }
    }

    /// Takes a passenger out of their car on a leg; they wait again.
    public func unassign(request: String, leg: RideLeg, event: UUID, occurrence: String? = nil, in org: Organization) async throws {
        try await database.writer.write { db in
            let board = try RideBoard.load(eventId: event, occurrence: occurrence, org: org, db)
            guard let assignment = board.assignments.first(where: {
                $0["request"]?.stringValue == request.lowercased() && $0["leg"]?.stringValue == leg.rawValue
            }) else { throw RideBoardError.notSeated(leg: leg) }
            try Self.remove(assignment, org: org, db)
            if let pair = RideBoard.pair(assignment) {
                try Self.notify(RideNotices(board: board, zone: org.timeZone).fields(for: pair, .removed, at: Date()), org: org, db)
            }
        }
    }

    private static func requireRideSharing(_ board: RideBoard) throws {
        guard board.event["rideSharing"]?.boolValue == true else {
            throw RideBoardError.rideSharingOff(board.event["title"]?.stringValue ?? board.event.key)
        }
    }

    @discardableResult
    private static func add(_ pair: RidePair, event: String, occurrence: String?, org: Organization, _ db: Database) throws -> LocalRecord {
        var values: [String: JSONValue] = ["event": .string(event), "offer": .string(pair.driver.description),
                                           "request": .string(pair.passenger.description), "leg": .string(pair.leg.rawValue)]
        // A series' seat is for one date; an event that happens once names none, as before.
        if let occurrence { values[RideOccurrences.field] = .string(occurrence) }
        let fields: JSONValue = .object(values)
        let checked = try RecordType.rideAssignment.validate(fields, orgZone: org.timeZone)
        let now = Date.storedNow
        let record = LocalRecord(entity: RecordType.rideAssignment.entity, orgId: org.id, createdAt: now, updatedAt: now, fields: checked)
        try RecordService.checkReferences(checked, of: .rideAssignment, org: org, db)
        // The seat rule the store applies too (`RideSeatRules`): nothing stored here is refused there.
        try RecordType.rideAssignment.checkAdmission(checked, id: record.id, org: org, db)
        try RecordWrites.save(record, previous: nil, org: org, db)
        return record
    }

    /// Stores notifications in the change's transaction: a plan is never applied without them.
    private static func notify(_ notices: [JSONValue], org: Organization, _ db: Database) throws {
        for fields in notices {
            let checked = try RecordType.rideNotification.validate(fields, orgZone: org.timeZone)
            let now = Date.storedNow
            try RecordWrites.save(LocalRecord(entity: RecordType.rideNotification.entity, orgId: org.id, createdAt: now,
                                              updatedAt: now, fields: checked), previous: nil, org: org, db)
        }
    }

    private static func remove(_ assignment: LocalRecord, org: Organization, _ db: Database) throws {
        var record = assignment
        record.deleted = true
        record.updatedAt = .storedNow
        try RecordWrites.save(record, previous: assignment, org: org, db)
    }
}
