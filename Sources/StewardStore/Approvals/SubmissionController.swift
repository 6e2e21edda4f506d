import Foundation
import Hummingbird
import StewardCore

/// A member's event submissions: `POST /v1/orgs/{org}/submissions/events` submits one (the
/// event's sync fields as a JSON object), `PUT …/submissions/events/{id}` edits it, and
/// `GET …/me/submissions` and `GET …/me/notifications` read the member's own. Member tokens only.
struct SubmissionController {
    let repository: any StoreRepository
    /// Submissions and edits per member, counted in the database.
    let limiter: AttemptLimit
    /// An event's fields are a few kilobytes at most.
    let bodyReader = RequestBodyReader(limit: SubmissionController.maxBodyBytes)

    static let maxBodyBytes = 64 * 1024

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("submissions/events", use: submit)
        group.put("submissions/events/{id}", use: edit)
        group.get("me/submissions", use: mySubmissions)
        group.get("me/notifications", use: myNotifications)
    }

    @Sendable func submit(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let input = try await body(request, org: member.grant.org, member: member.id)
        let id = UUID().uuidString.lowercased()
        let record = try await run(member.grant, keys: MemberSubmissions.keys(memberId: member.id, submissionId: id)) { writer in
            try MemberSubmissions.submit(input, id: id, memberId: member.id, writer: &writer)
        }
        context.logger.info("submission", metadata: ["submission": "\(id)", "status": "\(record.fields["status"]?.stringValue ?? "")"])
        return try JSONTextBody(MemberViews.submission(record), status: .created).response(from: request, context: context)
    }

    @Sendable func edit(request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let member = try context.requireMember()
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:))?.uuidString.lowercased() else {
            throw StoreHTTPError.notFound("no submission of yours with that id")
        }
        let input = try await body(request, org: member.grant.org, member: member.id)
        let record = try await run(member.grant, keys: MemberSubmissions.keys(memberId: member.id, submissionId: id)) { writer in
            try MemberSubmissions.edit(input, id: id, memberId: member.id, writer: &writer)
        }
        return JSONTextBody(MemberViews.submission(record))
    }

    @Sendable func mySubmissions(request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let member = try context.requireMember()
        let records = try await repository.liveRecords(org: member.grant.org, entity: RecordType.submission.entity)
        let own = MemberViews.own(records, memberField: "submitterId", memberId: member.id, newestBy: "submittedAt")
        return JSONTextBody(.object(["items": .array(own.map(MemberViews.submission))]))
    }

    @Sendable func myNotifications(request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let member = try context.requireMember()
        let records = try await repository.liveRecords(org: member.grant.org, entity: RecordType.notification.entity)
        let own = MemberViews.own(records, memberField: "member", memberId: member.id, newestBy: "at")
        return JSONTextBody(.object(["items": .array(own.map(MemberViews.notification))]))
    }

    /// The body as JSON, within the size limit, after the member's rate limit.
    private func body(_ request: Request, org: String, member: String) async throws -> JSONValue {
        if let wait = try await limiter.admit("\(org)|\(member)") {
            throw StoreHTTPError.tooManyRequests(retryAfter: wait,
                                                 message: "too many submissions and edits; wait \(wait) seconds and try again")
        }
        return try JSONInput.value(from: try await bodyReader.read(request))
    }

    private func run(_ grant: AccessGrant, keys: Set<RecordKey>,
                     _ body: @escaping @Sendable (inout RecordWriter) throws -> RemoteRecord) async throws -> RemoteRecord {
        do {
            return try await repository.change(org: grant.org, keys: keys, author: grant.author, now: Date()) { writer in
                try body(&writer)
            }
        } catch let failure as MemberSubmissions.Failure {
            switch failure {
            case .invalid(let error): throw StoreHTTPError.badRequest(error.description)
            case .notFound: throw StoreHTTPError.notFound("no submission of yours with that id")
            case .notEditable(let message): throw StoreHTTPError(.conflict, ErrorResponse.Code.notEditable, message)
            case .disabled: throw StoreHTTPError.accountDisabled
            }
        }
    }
}
