import Foundation
import Translation

/// How a question changes once members answered it: an edit of what it asks becomes its next
/// version, the answered one kept in `earlierVersions`, so every answer keeps meaning what it
/// meant. The console makes the version (`revise`); the store refuses an edit that would change
/// an answered version in place (`refusal`), such as one made on a console that had not yet
/// pulled the answers.
public enum QuestionVersions {
    /// The edit `change` as it must be stored: earlier versions as they were (they are not
    /// edited by hand), and, when the edit changes what an answered version asks, the next
    /// version with the answered one kept.
    static func revise(_ change: RecordChange, lookup: any RecordLookup) throws -> JSONValue {
        guard let previous = change.previous, case .object(var fields) = change.fields else { return change.fields }
        fields["earlierVersions"] = previous["earlierVersions"] ?? .array([])
        let version = previous["currentVersion"]?.int64Value ?? 1
        fields["currentVersion"] = .int(version)
        if asksDifferently(.object(fields), previous), try isAnswered(change.id, version: version, lookup: lookup) {
            var earlier = previous["earlierVersions"]?.arrayValue ?? []
            earlier.append(snapshot(previous, version: version))
            fields["earlierVersions"] = .array(earlier)
            fields["currentVersion"] = .int(version + 1)
        }
        return .object(fields)
    }

    /// Why the store refuses an edit: it changes an answered version in place, or rewrites the
    /// versions kept.
    static func refusal(_ change: RecordChange, lookup: any RecordLookup) throws -> ValidationIssue? {
        guard let previous = change.previous else { return nil }
        let before = previous["currentVersion"]?.int64Value ?? 1, after = change.fields["currentVersion"]?.int64Value ?? 1
        let keptBefore = previous["earlierVersions"]?.arrayValue ?? [], keptAfter = change.fields["earlierVersions"]?.arrayValue ?? []
        if after < before || keptAfter.count < keptBefore.count || Array(keptAfter.prefix(keptBefore.count)) != keptBefore {
            return ValidationIssue(field: "current-version", message: tr("a question's earlier versions are kept as they were; edit the current version only"))
        }
        if after == before, asksDifferently(change.fields, previous), try isAnswered(change.id, version: before, lookup: lookup) {
            return ValidationIssue(field: "current-version", message: tr("members have answered version {version} of this question, so it cannot change in place; sync and edit it again to make version {next}",
                                                                 ["version": String(before), "next": String(before + 1)]))
        }
        return nil
    }

    /// Whether the two differ in what they ask (not in order, audience or being required).
    static func asksDifferently(_ a: JSONValue, _ b: JSONValue) -> Bool {
        QuestionVersion(a, version: 0) != QuestionVersion(b, version: 0)
    }

    static func isAnswered(_ question: String, version: Int64, lookup: any RecordLookup) throws -> Bool {
        try lookup.live(RecordType.answer.entity, where: "question", is: question).contains { $0.fields["version"]?.int64Value == version }
    }

    /// One item of `earlierVersions`: what version `version` asked.
    static func snapshot(_ fields: JSONValue, version: Int64) -> JSONValue {
        var item: [String: JSONValue] = ["version": .int(version)]
        for name in QuestionVersion.contentFields { item[name] = fields[name] ?? .null }
        return .object(item)
    }
}
