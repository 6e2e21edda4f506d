import Foundation

extension SubmissionRecord {
    /// The event members see once this submission is approved: what the store publishes under
    /// the submission's id, and what a console shows ahead of the store the moment staff
    /// approve. One piece of code for both, so the console's event is the store's.
    ///
    /// `published` is the event as it stands (nil on a first publication). For a re-review
    /// only the fields the submitter changed since the approval are laid over it, so what
    /// staff edited meanwhile stays. Fields staff set (the stamps) are never the submitter's:
    /// they stay as the published event has them, or take their default on a first
    /// publication, even for a submission stored before the store dropped them on arrival.
    /// Throws the event's `ValidationError` when what would be published is no event.
    public func publishedEvent(over published: JSONValue?, orgZone: TimeZone) throws -> JSONValue {
        let proposed = RecordType.event.droppingFieldsSetByStaff(event, keeping: published)
        var fields = proposed
        if isReReview, case .object(var current)? = published {
            for change in changes where RecordType.event.wireField(change.field)?.isSetByStaff != true {
                current[change.field] = proposed[change.field] ?? .null
            }
            fields = .object(current)
        }
        // Checked again: a mix of staff's and the submitter's fields must still be an event; if
        // it is not, the submitter's whole proposal is what was approved. If that is not one
        // either, its problem is the refusal.
        if let merged = try? RecordType.event.validate(fields, orgZone: orgZone) { return merged }
        return try RecordType.event.validate(proposed, orgZone: orgZone)
    }
}
