import Foundation

extension SubmissionRecord {
    /// How the submitted event repeats, in plain words ("Every Tuesday at 10:00, 6 times"), as
    /// the event editor says it; nil for one that happens once. What an approver reads before
    /// approving a series: every date of it goes live at once.
    public func repeatSummary(zone: TimeZone) -> String? {
        guard let details = try? EventDetails(syncFields: event), let rule = details.repeats.rule else { return nil }
        return RepeatSummary.text(rule, timing: details.timing, zone: zone)
    }
}
