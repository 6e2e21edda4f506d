/// How the apps' read side serves a record type to members, declared with the type so the store
/// routes and filters by it instead of by entity names.
public enum MemberReads: Sendable {
    /// Every record members may see, at `GET /v1/orgs/{org}/<commandName>` (funds, messages).
    case wholeList
    /// Those not over yet, soonest first, at `GET /v1/orgs/{org}/<commandName>/upcoming`
    /// (events: a year of them is more than a phone needs).
    case upcoming
    /// A date range at a time, through the type's own endpoint (the gym's classes).
    case dateRange
}

extension RecordType {
    /// Members read these records `form`-wise (`.wholeList` unless declared).
    func readByMembers(_ form: MemberReads) -> RecordType {
        var copy = self
        copy.memberReads = form
        return copy
    }

    /// Approving one of these records (a member's submission) publishes a record of `published`
    /// under the same id: the store reads and writes both in the decision's transaction.
    func publishingOnApproval(_ published: RecordType) -> RecordType {
        var copy = self
        copy.publishedOnApproval = published.entity
        return copy
    }
}
