import Foundation
import GtkKit
import StewardCore

/// The two lists of the Sync page that need a person: conflicts (a button to settle each) and
/// rejected changes (edit and retry, or discard). Each button's accessible name carries the
/// record's title, so "Resolve conflict: Harvest Supper" can be told from its neighbours.
@MainActor
final class SyncIssuesList {
    private let conflictsList: ListBox
    private let rejectedList: ListBox

    var onResolve: ((ConflictDetail) -> Void)?
    var onRetry: ((RejectedChange) -> Void)?
    var onDiscard: ((RejectedChange) -> Void)?

    init(ui: Builder) {
        conflictsList = ui.object("conflicts_list")
        rejectedList = ui.object("rejected_list")
        conflictsList.setPlaceholder(Self.placeholder("No conflicts"))
        rejectedList.setPlaceholder(Self.placeholder("No rejected changes"))
    }

    func show(conflicts: [ConflictDetail], rejected: [RejectedChange]) {
        conflictsList.removeAll()
        for conflict in conflicts { conflictsList.append(conflictRow(conflict)) }
        rejectedList.removeAll()
        for change in rejected { rejectedList.append(rejectedRow(change)) }
    }

    // MARK: rows

    private func conflictRow(_ conflict: ConflictDetail) -> ActionRow {
        let title = Self.displayTitle(conflict.title)
        let row = ActionRow(title: title, subtitle: Self.conflictSubtitle(conflict))
        row.setProperty("use-markup", false)
        row.iconName = "dialog-warning-symbolic"
        let resolve = Button(label: "_Resolve…")
        resolve.verticalAlignment = .center
        resolve.setAccessibleLabel("Resolve conflict: \(title)")
        resolve.onClicked { [weak self] in self?.onResolve?(conflict) }
        row.addSuffix(resolve)
        row.setActivatableWidget(resolve)
        return row
    }

    private func rejectedRow(_ change: RejectedChange) -> ActionRow {
        let title = Self.displayTitle(change.title)
        let row = ActionRow(title: title, subtitle: Self.rejectedSubtitle(change))
        row.setProperty("use-markup", false)
        row.iconName = "dialog-error-symbolic"
        let buttons = Box.horizontal(spacing: 6)
        buttons.verticalAlignment = .center
        // A refused delete has nothing to edit: it can only be dropped (or made again).
        if change.details != nil {
            let retry = Button(label: "_Edit and Retry…")
            retry.setAccessibleLabel("Edit and retry: \(title)")
            retry.onClicked { [weak self] in self?.onRetry?(change) }
            buttons.append(retry)
        }
        let discard = Button(label: "_Discard…")
        discard.setAccessibleLabel("Discard: \(title)")
        discard.onClicked { [weak self] in self?.onDiscard?(change) }
        buttons.append(discard)
        row.addSuffix(buttons)
        return row
    }

    // MARK: text

    static func displayTitle(_ title: String) -> String {
        title.isEmpty ? "Untitled event" : title
    }

    /// "Changed here and by ann@example.org on the store (today, 14:02)".
    static func conflictSubtitle(_ conflict: ConflictDetail, now: Date = Date()) -> String {
        var text: String
        switch (conflict.mineDeleted, conflict.theirsDeleted) {
        case (true, false): text = "Deleted here, changed on the store"
        case (false, true): text = "Changed here, deleted on the store"
        case (true, true): text = "Deleted here and on the store"
        case (false, false):
            let differing = conflict.fields.filter(\.differs).count
            text = differing == 1 ? "1 field differs" : "\(differing) fields differ"
        }
        if let author = conflict.theirsAuthor, !author.isEmpty {
            text += " · store version by \(HistoryText.author(author))"
        }
        return text + " · " + ListText.updated(conflict.theirsAt ?? conflict.createdAt, now: now)
    }

    /// The store's reason, then when it said so.
    static func rejectedSubtitle(_ change: RejectedChange, now: Date = Date()) -> String {
        let what = change.operation == .delete ? "Deleting it was refused" : "Refused"
        return "\(what): \(change.reason)\n\(ListText.updated(change.at, now: now))"
    }

    private static func placeholder(_ text: String) -> Label {
        let label = Label(text)
        label.setMargins(top: 18, bottom: 18, start: 12, end: 12)
        label.addCSSClass("dim-label")
        return label
    }
}
