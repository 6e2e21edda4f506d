import Foundation
import StewardCore

/// Pushes of the records the store makes: a staff decision on a submission, or a change to a
/// member's role or disabled flag. Each is an upsert based on the version the person saw, so
/// two approvers deciding at once get one `applied` and one `conflict` with the record as the
/// other left it. Only the wanted `status` and `reason` (or `role` and `disabled`) are taken
/// from the fields; the store keeps the rest.
enum StaffDecisions {
    static func decide(_ item: PushBatch.Item, type: RecordType, current: RemoteRecord?, permissions: PushPermissions,
                       writer: inout RecordWriter) -> PushPlanner.Decision {
        guard item.operation == .upsert else {
            return .rejected("\(type.pluralNoun) are kept by the store and cannot be deleted"
                             + (type.entity == RecordType.submission.entity ? "; reject the submission instead" : ""))
        }
        guard let current, !current.deleted else {
            return .rejected("\(type.pluralNoun) are made on the store by the app's members; the store has no \(type.noun) \(item.recordId)")
        }
        switch type.entity {
        case RecordType.submission.entity:
            guard permissions.decide else {
                return .rejected("the \(permissions.roleName) role cannot decide on submissions; approvers and admins do")
            }
            guard item.baseVersion == current.version else { return .conflict(current) }
            return decideSubmission(item, current: current, writer: &writer)
        case RecordType.member.entity:
            guard permissions.manageMembers else {
                return .rejected("the \(permissions.roleName) role cannot change members; admins do")
            }
            guard item.baseVersion == current.version else { return .conflict(current) }
            return changeMember(item, current: current, writer: &writer)
        default:
            return .rejected("\(type.pluralNoun) are made by the store and cannot be pushed")
        }
    }

    private static func decideSubmission(_ item: PushBatch.Item, current: RemoteRecord,
                                         writer: inout RecordWriter) -> PushPlanner.Decision {
        guard let word = item.fields?["status"]?.stringValue, let wanted = SubmissionStatus(rawValue: word) else {
            return .rejected("status: must be one of \(SubmissionStatus.words.joined(separator: ", "))")
        }
        let reason = (item.fields?["reason"]?.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var submission = SubmissionRecord(fields: current.fields)
        do {
            try ApprovalRules.checkDecision(from: submission.status, to: wanted, reason: reason)
        } catch {
            return .rejected(error.message)
        }
        submission.noteDecision(by: writer.author, at: writer.now, reason: reason)
        // The batch goes on after a refusal: what the decision wrote before it failed goes.
        let before = writer
        do {
            let version = try ApprovalWrites.move(&submission, id: current.id, to: wanted, by: writer.author, reason: reason,
                                                  basedOn: current.version, writer: &writer)
            return .applied(version: version)
        } catch let refused as StoreMadeRecordRefused {
            writer = before
            return .rejected(refused.description)
        } catch {
            writer = before
            return .rejected("the submitted event cannot be published as it is: \(error); ask the submitter for changes, or reject it")
        }
    }

    private static func changeMember(_ item: PushBatch.Item, current: RemoteRecord,
                                     writer: inout RecordWriter) -> PushPlanner.Decision {
        guard case .object(var fields) = current.fields else { return .rejected("the stored member is unreadable") }
        if let given = item.fields?["role"] {
            guard let word = given.stringValue, let role = MemberRole(word: word) else {
                return .rejected("role: must be member or organizer")
            }
            fields["role"] = .string(role.rawValue)
        }
        if let given = item.fields?["disabled"] {
            guard let flag = given.boolValue else { return .rejected("disabled: must be true or false") }
            fields["disabled"] = .bool(flag)
        }
        // The passport's leaderboard: what the member (or a guardian) chose, and whether they are a minor.
        if let given = item.fields?["leaderboard"] {
            guard let word = given.stringValue, LeaderboardChoice(rawValue: word) != nil else {
                return .rejected("leaderboard: must be default, opt-out or opt-in")
            }
            fields["leaderboard"] = .string(word)
        }
        if let given = item.fields?["minor"] {
            guard let flag = given.boolValue else { return .rejected("minor: must be true or false") }
            fields["minor"] = .bool(flag)
        }
        do {
            return .applied(version: try writer.write(RecordType.member.entity, current.id, fields: .object(fields)))
        } catch {
            return .rejected(error.description)
        }
    }
}
