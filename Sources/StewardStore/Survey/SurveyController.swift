import Foundation
import Hummingbird
import StewardCore

/// The app's survey: `GET /v1/orgs/{org}/me/questions` (the questions for the member's
/// audience, in order, each with its current version and the member's answer to it) and
/// `POST /v1/orgs/{org}/me/answers` (`{"question": ID, "version": N, "value": …}`), checked
/// against the question's current version. Member tokens only.
struct SurveyController {
    let repository: any StoreRepository
    let bodyReader = RequestBodyReader(limit: 16 * 1024)

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("me/questions", use: questions)
        group.post("me/answers", use: answer)
    }

    @Sendable func questions(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let org = member.grant.org
        let profile = try await repository.liveRecords(org: org, entity: RecordType.member.entity).first { $0.id == member.id }
        let audience = profile?.fields["audience"]?.stringValue
        let answers = try await repository.liveRecords(org: org, entity: RecordType.answer.entity)
            .filter { $0.fields["member"]?.stringValue == member.id }
        let asked = try await repository.liveRecords(org: org, entity: RecordType.question.entity).filter { record in
            let wanted = record.fields["audience"]?.stringValue.flatMap(QuestionAudience.init(rawValue:)) ?? .everyone
            return wanted.includes(memberAudience: audience)
        }
        let items = MemberRecords.sorted(asked, of: .question).map { record in
            let version = record.fields["currentVersion"]?.int64Value ?? 1
            let mine = answers.first { $0.fields["question"]?.stringValue == record.id && $0.fields["version"]?.int64Value == version }
            return MemberAnswers.view(record, answer: mine)
        }
        return try JSONTextBody(.object(["questions": .array(items)]), status: .ok).response(from: request, context: context)
    }

    @Sendable func answer(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let body = try JSONInput.value(from: try await bodyReader.read(request))
        let attempt: MemberAnswers.Attempt
        do {
            attempt = try MemberAnswers.Attempt(body)
        } catch {
            throw Self.httpError(error)
        }
        let org = member.grant.org
        let record: RemoteRecord
        do {
            record = try await repository.change(org: org, keys: MemberAnswers.keys(memberId: member.id, question: attempt.question,
                                                                                      version: attempt.version),
                                                   author: "member:\(member.email)", now: Date()) { writer in
                try MemberAnswers.answer(attempt, memberId: member.id, writer: &writer)
            }
        } catch let failure as MemberAnswers.Failure {
            throw Self.httpError(failure)
        }
        let answer: JSONValue = .object([
            "id": .string(record.id), "question": .string(attempt.question), "version": record.fields["version"] ?? .null,
            "value": record.fields["value"] ?? .null, "at": record.fields["at"] ?? .null,
        ])
        return try JSONTextBody(answer, status: .created).response(from: request, context: context)
    }

    static func httpError(_ failure: MemberAnswers.Failure) -> StoreHTTPError {
        typealias Code = ErrorResponse.Code
        switch failure {
        case .invalid(let message): return .badRequest(message)
        case .disabled: return .accountDisabled
        case .noQuestion: return .notFound("no survey question with that id in this organization")
        case .notYourQuestion:
            return StoreHTTPError(.forbidden, Code.notYourQuestion, "this question is asked of another audience; answer the questions `me/questions` lists")
        case .changed(let current):
            return StoreHTTPError(.conflict, Code.questionChanged,
                                  "this question changed: it is at version \(current) now; fetch it again (`me/questions`) and answer what it asks")
        case .badAnswer(let message):
            return StoreHTTPError(.unprocessableContent, Code.invalidAnswer, "value: \(message)")
        }
    }
}
