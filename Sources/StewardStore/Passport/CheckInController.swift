import Foundation
import Hummingbird
import StewardCore

/// `POST /v1/orgs/{org}/me/check-ins`: a member checks in at a passport event, with the code
/// shown there or, at an ongoing event, where they stand. The store verifies everything; the
/// phone never decides. Member tokens only.
struct CheckInController {
    let repository: any StoreRepository
    /// Attempts per member and event, so a 6-digit code cannot be guessed; counted in the
    /// database, across store processes.
    let limiter: AttemptLimit
    let bodyReader = RequestBodyReader(limit: 4 * 1024)

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("me/check-ins", use: checkIn)
    }

    @Sendable func checkIn(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let body = try JSONInput.value(from: try await bodyReader.read(request))
        let attempt: MemberCheckIns.Attempt
        do {
            attempt = try MemberCheckIns.Attempt(body)
        } catch {
            throw Self.httpError(error)
        }
        // Counted only at events that exist: made-up event ids are answered as unknown without
        // leaving a count behind (a flood of them would otherwise fill the table).
        guard try await repository.hasLiveRecord(org: member.grant.org, entity: SyncEntity.event, id: attempt.event) else {
            throw Self.httpError(.noEvent)
        }
        if let wait = try await limiter.admit("\(member.grant.org)|\(member.id)|\(attempt.event)") {
            throw StoreHTTPError.tooManyAttempts(retryAfter: wait,
                                                 message: "too many check-in attempts at this event; wait \(wait) seconds and try again")
        }
        let outcome: MemberCheckIns.Outcome
        let total: Int
        do {
            (outcome, total) = try await StoreCheckIns.checkIn(attempt, memberId: member.id, email: member.email,
                                                               org: member.grant.org, repository: repository, now: Date())
        } catch let failure as MemberCheckIns.Failure {
            throw Self.httpError(failure)
        }
        context.logger.info("check-in", metadata: ["event": "\(attempt.event)", "entry": "\(outcome.entry.id)"])
        var entry: [String: JSONValue] = ["id": .string(outcome.entry.id), "event": .string(attempt.event),
                                          "stamps": .int(Int64(outcome.stamps)),
                                          "at": outcome.entry.fields["at"] ?? .null]
        // Only a repeating event's entry names its date: a single event's answer is as it was.
        if let occurrence = outcome.occurrence { entry["occurrence"] = .string(occurrence) }
        let answer: JSONValue = .object(["entry": .object(entry), "total": .int(Int64(total))])
        return try JSONTextBody(answer, status: .created).response(from: request, context: context)
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
