import Foundation
import GtkKit
import StewardCore
import Translation

/// The right-hand side of the Approvals page: a submission as members will see it, who
/// submitted it and when, for a re-review exactly what changed since the approval, field by
/// field, and its whole decision trail.
@MainActor
final class SubmissionDetail {
    private let box: Box
    private var shown: [Widget] = []

    init(box: Box) {
        self.box = box
    }

    func clear(_ message: String) {
        removeAll()
        let label = add(Label(message))
        label.addCSSClass("dim-label")
        label.wraps = true
    }

    /// Clashes listed one by one before the rest are counted.
    static let clashesListed = 5

    /// Shows `record`; `clashes` are the organization's occurrences its event would clash with
    /// (one place, overlapping times), said right under where and when.
    func show(_ record: LocalRecord, zone: TimeZone, clashes: [EventOccurrence] = []) {
        removeAll()
        let submission = SubmissionRecord(fields: record.fields)
        let title = add(Label(submission.title))
        title.addCSSClass("title-2")
        title.wraps = true
        title.xalign = 0
        title.isSelectable = true
        if submission.isReReview && submission.status.isQueued {
            line(tr("Re-review"), css: "status-pill")
            line(tr("Members still see the version approved before; this change goes live once it is approved."), css: "dim-label")
        } else {
            line(submission.status.title, css: "status-pill")
        }
        // The reason stands while the submission is refused or sent back; once edited and
        // resubmitted it belongs to the trail.
        if !submission.reason.isEmpty && (submission.status == .rejected || submission.status == .changesRequested) {
            line(tr("Reason given: {reason}", ["reason": submission.reason]))
        }

        heading(tr("As members will see it"))
        let event = submission.event
        let when = (try? EventDetails(syncFields: event)).map { EventTimingText.describe($0.timing, orgZone: zone) } ?? ""
        field(tr("When"), when)
        field(tr("Repeats"), submission.repeatSummary(zone: zone) ?? "")
        field(tr("Where"), [event["locationName"]?.stringValue, event["address"]?.stringValue]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", "))
        for clash in clashes.prefix(Self.clashesListed) {
            let label = line(tr("Clashes with “{title}”, {when}, {place}",
                                ["title": clash.title, "when": EventTimingText.describe(clash.timing, orgZone: zone),
                                 "place": clash.locationName]), css: "warning")
            label.addCSSClass("clash")
        }
        if clashes.count > Self.clashesListed {
            line(trn("and {count} more clash", "and {count} more clashes", clashes.count - Self.clashesListed), css: "warning")
        }
        field(tr("Description"), event["description"]?.stringValue ?? "")
        field(tr("Host"), event["host"]?.stringValue ?? "")
        field(tr("Contact"), [event["contactName"]?.stringValue, event["contactEmail"]?.stringValue, event["contactPhone"]?.stringValue]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · "))
        let links = (event["links"]?.arrayValue ?? []).compactMap { $0["url"]?.stringValue }
        field(tr("Links"), links.joined(separator: "\n"))

        heading(tr("Submitted"))
        let submitted = submission.submittedAt.map { SubmissionTrailText.when($0, zone: zone) } ?? ""
        field(tr("By"), "\(submission.submitterName) <\(submission.submitterEmail)>")
        field(tr("On"), submitted)

        if submission.isReReview && !submission.changes.isEmpty {
            heading(tr("Changed since it was approved"))
            let grid = Grid(rowSpacing: 4, columnSpacing: 12)
            grid.setAccessibleLabel(tr("Changes since approval"))
            for (column, text) in [tr("Field"), tr("Approved"), tr("Proposed")].enumerated() {
                let label = Label(text)
                label.addCSSClass("heading")
                label.xalign = 0
                grid.attach(label, column: column, row: 0)
            }
            for (row, change) in submission.changes.enumerated() {
                // Heard cell by cell, each says which field and which side it is.
                let heard = [change.label,
                             tr("{field}, as approved: {value}", ["field": change.label, "value": change.approved]),
                             tr("{field}, as proposed: {value}", ["field": change.label, "value": change.proposed])]
                for (column, text) in [change.label, change.approved, change.proposed].enumerated() {
                    let label = Label(text.isEmpty ? "—" : text)
                    label.xalign = 0
                    label.wraps = true
                    label.isSelectable = true
                    label.setAccessibleLabel(heard[column])
                    grid.attach(label, column: column, row: row + 1)
                }
            }
            add(grid)
        }

        heading(tr("Decision trail"))
        for entry in submission.trail {
            let when = line(SubmissionTrailText.when(entry.at, zone: zone), css: "dim-label")
            when.addCSSClass("caption")
            line(SubmissionTrailText.move(entry, of: submission))
            if !entry.reason.isEmpty { line(tr("Reason: {reason}", ["reason": entry.reason])) }
        }
        // A decision made here shows at once; the store adds it to the trail when it applies it.
        if let waiting = submission.decisionWaitingForTheStore {
            let when = line(tr("{when} · sent with the next sync", ["when": SubmissionTrailText.when(waiting.at, zone: zone)]),
                            css: "dim-label")
            when.addCSSClass("caption")
            line(SubmissionTrailText.move(waiting, of: submission))
            if !waiting.reason.isEmpty { line(tr("Reason: {reason}", ["reason": waiting.reason])) }
        }
    }

    private func heading(_ text: String) {
        let label = add(Label(text))
        label.addCSSClass("heading")
        label.xalign = 0
    }

    @discardableResult
    private func line(_ text: String, css: String? = nil) -> Label {
        let label = add(Label(text))
        label.xalign = 0
        label.wraps = true
        label.isSelectable = true
        if let css { label.addCSSClass(css); label.horizontalAlignment = .start }
        return label
    }

    private func field(_ name: String, _ value: String) {
        guard !value.isEmpty else { return }
        let row = Box.horizontal(spacing: 12)
        let key = Label(name)
        key.addCSSClass("dim-label")
        key.xalign = 0
        key.widthChars = 11
        key.verticalAlignment = .start
        let text = Label(value)
        text.xalign = 0
        text.wraps = true
        text.isSelectable = true
        text.hexpand = true
        text.setAccessibleLabel("\(name): \(value)")
        row.append(key)
        row.append(text)
        add(row)
    }

    @discardableResult
    private func add<W: Widget>(_ widget: W) -> W {
        box.append(widget)
        shown.append(widget)
        return widget
    }

    private func removeAll() {
        for widget in shown { box.remove(widget) }
        shown = []
    }
}
