import Foundation
import Hummingbird
import StewardCore

/// `POST /v1/orgs/{org}/me/check-ins`: a member checks in at a passport event, with the code
/// shown there or, at an ongoing event, where they stand. The store verifies everything; the
/// phone never decides. Member tokens only.
struct CheckInController {
    let repository: any StoreRepository
    /// Attempts per member and event, so a 6-digit code cannot be guessed.
    let limiter: RateLimiter
    let bodyReader = RequestBodyReader(limit: 4 * 1024)

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("me/check-ins", use: checkIn)
    }

    @Sendable func checkIn(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let data = try await bodyReader.read(request)
        let body: JSONValue
        do {
            body = try JSONValue.parse(data)
        } catch {
            throw StoreHTTPError.badRequest("body: \(error.description)")
        }
        let attempt: MemberCheckIns.Attempt
        do {
            attempt = try MemberCheckIns.Attempt(body)
        } catch {
            throw Self.httpError(error)
        }
        if let wait = limiter.admit("\(member.id)|\(attempt.event)") {
            throw StoreHTTPError.tooManyAttempts(retryAfter: wait,
                                                 message: "too many check-in attempts at this event; wait \(wait) seconds and try again")
        }
        let org = member.grant.org
        // A stamp staff granted for the event counts as the member's stamp: read from the ledger
        // (the check-in entry itself is found by its id, under the organization's lock).
        let ledger = try await repository.liveRecords(org: org, entity: RecordType.stamp.entity)
        let held = Self.held(ledger, member: member.id, event: attempt.event)
        let outcome: MemberCheckIns.Outcome
        do {
            outcome = try await repository.change(org: org, keys: MemberCheckIns.keys(memberId: member.id, event: attempt.event),
                                                  author: "member:\(member.email)", now: Date()) { writer in
                try MemberCheckIns.checkIn(attempt, memberId: member.id, held: held, writer: &writer)
            }
        } catch let failure as MemberCheckIns.Failure {
            throw Self.httpError(failure)
        }
        let total = ledger.filter { $0.fields["member"]?.stringValue == member.id }
            .reduce(Int64(0)) { $0 + ($1.fields["stamps"]?.int64Value ?? 0) } + Int64(outcome.stamps)
        context.logger.info("check-in", metadata: ["event": "\(attempt.event)", "entry": "\(outcome.entry.id)"])
        let answer: JSONValue = .object([
            "entry": .object(["id": .string(outcome.entry.id), "event": .string(attempt.event),
                              "stamps": .int(Int64(outcome.stamps)),
                              "at": outcome.entry.fields["at"] ?? .null]),
            "total": .int(total),
        ])
        return try JSONTextBody(answer, status: .created).response(from: request, context: context)
    }

    /// The entry that gives the member a stamp for the event and is not revoked.
    static func held(_ ledger: [RemoteRecord], member: String, event: String) -> String? {
        let reversed = Set(ledger.compactMap { $0.fields["reverses"]?.stringValue })
        return ledger.first { record in
            record.fields["member"]?.stringValue == member && record.fields["event"]?.stringValue == event
                && record.fields["kind"]?.stringValue != StampKind.revoke.rawValue && !reversed.contains(record.id)
        }?.id
    }

    static func httpError(_ failure: MemberCheckIns.Failure) -> StoreHTTPError {
        typealias Code = ErrorResponse.Code
        switch failure {
        case .invalid(let message): return .badRequest(message)
        case .disabled: return .accountDisabled
        case .noEvent: return .notFound("no event with that id in this organization")
        case .notPassportEvent:
            return StoreHTTPError(.unprocessableContent, Code.notPassportEvent, "this event gives no passport stamps, so it takes no check-ins")
        case .notOpenYet(let opens):
            return StoreHTTPError(.unprocessableContent, Code.checkInNotOpen,
                                  "check-in for this event opens at \(DateTimeText.utc(opens)); try again then")
        case .closed(let closes):
            return StoreHTTPError(.unprocessableContent, Code.checkInClosed,
                                  "check-in for this event closed at \(DateTimeText.utc(closes))")
        case .wrongCode:
            return StoreHTTPError(.unprocessableContent, Code.wrongCode, "that is not the event's code; check the code shown at the event")
        case .codeExpired:
            return StoreHTTPError(.unprocessableContent, Code.codeExpired,
                                  "that code has expired; type the code shown at the event now")
        case .tooFar(let distance):
            return StoreHTTPError(.unprocessableContent, Code.tooFarAway,
                                  "you are \(Int(distance.rounded())) m from the event; check in within \(Int(CheckInRules.defaultRadius)) m of it")
        case .alreadyCheckedIn(let entry):
            return StoreHTTPError(.conflict, Code.alreadyCheckedIn,
                                  "you already have your stamp for this event (entry \(entry)); one stamp per member per event")
        }
    }
}
