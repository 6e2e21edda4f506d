import Foundation
import GtkKit
import StewardCore
import Translation

/// The lists of the Sync page that need a person: conflicts (a button to settle each), rejected
/// changes (edit and retry, or discard), and records from the store this console cannot read
/// (shown only when there are any). Each button's accessible name carries the record's title,
/// so "Resolve conflict: Harvest Supper" can be told from its neighbours.
@MainActor
final class SyncIssuesList {
    private let conflictsList: ListBox
    private let rejectedList: ListBox
    private let unreadableGroup: Widget
    private let unreadableList: ListBox

    var onResolve: ((ConflictDetail) -> Void)?
    var onRetry: ((RejectedChange) -> Void)?
    var onDiscard: ((RejectedChange) -> Void)?

    private let noConflicts = SyncIssuesList.placeholder(tr("No conflicts"))
    private let noRejected = SyncIssuesList.placeholder(tr("No rejected changes"))

    init(ui: Builder) {
        conflictsList = ui.object("conflicts_list")
        rejectedList = ui.object("rejected_list")
        unreadableGroup = ui.object("unreadable_group")
        unreadableList = ui.object("unreadable_list")
        conflictsList.setPlaceholder(noConflicts)
        rejectedList.setPlaceholder(noRejected)
    }

    func show(conflicts: [ConflictDetail], rejected: [RejectedChange], unreadable: [UnreadableRecord]) {
        conflictsList.removeAll()
        for conflict in conflicts { conflictsList.append(conflictRow(conflict)) }
        rejectedList.removeAll()
        for change in rejected { rejectedList.append(rejectedRow(change)) }
        // GTK only stops drawing a list's placeholder when there are rows; hidden as well, it
        // leaves the accessibility tree, where "No conflicts" beside a conflict would mislead.
        noConflicts.isVisible = conflicts.isEmpty
        noRejected.isVisible = rejected.isEmpty
        unreadableList.removeAll()
        for record in unreadable { unreadableList.append(unreadableRow(record)) }
        unreadableGroup.isVisible = !unreadable.isEmpty
    }

    // MARK: rows

    private func conflictRow(_ conflict: ConflictDetail) -> ActionRow {
        let title = Self.displayTitle(conflict.title, entity: conflict.entity)
        let row = ActionRow(title: title, subtitle: Self.conflictSubtitle(conflict))
        row.setProperty("use-markup", false)
        row.iconName = "dialog-warning-symbolic"
        let resolve = Button(label: tr("_Resolve…"), accessibleLabel: tr("Resolve conflict: {title}", ["title": title]))
        resolve.verticalAlignment = .center
        resolve.onClicked { [weak self] in self?.onResolve?(conflict) }
        // Not the row's activatable widget: the row would then lend the button its title as a
        // second name.
        row.addSuffix(resolve)
        return row
    }

    private func rejectedRow(_ change: RejectedChange) -> ActionRow {
        let title = Self.displayTitle(change.title, entity: change.entity)
        let row = ActionRow(title: title, subtitle: Self.rejectedSubtitle(change))
        row.setProperty("use-markup", false)
        row.iconName = "dialog-error-symbolic"
        let buttons = Box.horizontal(spacing: 6)
        buttons.verticalAlignment = .center
        // A refused delete has nothing to edit: it can only be dropped (or made again).
        if change.fields != nil, RecordTypes.named(change.entity) != nil {
            let retry = Button(label: tr("_Edit and Retry…"), accessibleLabel: tr("Edit and retry: {title}", ["title": title]))
            retry.onClicked { [weak self] in self?.onRetry?(change) }
            buttons.append(retry)
        }
        let discard = Button(label: tr("_Discard…"), accessibleLabel: tr("Discard: {title}", ["title": title]))
        discard.onClicked { [weak self] in self?.onDiscard?(change) }
        buttons.append(discard)
        row.addSuffix(buttons)
        return row
    }

    private func unreadableRow(_ record: UnreadableRecord) -> ActionRow {
        let noun = RecordTypes.named(record.entity)?.noun ?? record.entity
        let title = Self.displayTitle(record.title, entity: record.entity)
        let row = ActionRow(title: title, subtitle: "\(noun.prefix(1).uppercased() + noun.dropFirst()) · \(record.reason)")
        row.setProperty("use-markup", false)
        row.iconName = "dialog-question-symbolic"
        return row
    }

    // MARK: text

    static func displayTitle(_ title: String, entity: String) -> String {
        title.isEmpty ? tr("Untitled {thing}", ["thing": RecordTypes.named(entity)?.noun ?? entity]) : title
    }

    /// "Changed here and by ann@example.org on the store (today, 14:02)".
    static func conflictSubtitle(_ conflict: ConflictDetail, now: Date = Date()) -> String {
        var text: String
        switch (conflict.mineDeleted, conflict.theirsDeleted) {
        case (true, false): text = tr("Deleted here, changed on the store")
        case (false, true): text = tr("Changed here, deleted on the store")
        case (true, true): text = tr("Deleted here and on the store")
        case (false, false):
            let differing = conflict.fields.filter(\.differs).count
            text = trn("{count} field differs", "{count} fields differ", differing)
        }
        if let author = conflict.theirsAuthor, !author.isEmpty {
            text += tr(" · store version by {author}", ["author": HistoryText.author(author)])
        }
        return text + " · " + ListText.updated(conflict.theirsAt ?? conflict.createdAt, now: now)
    }

    /// The store's reason, then when it said so.
    static func rejectedSubtitle(_ change: RejectedChange, now: Date = Date()) -> String {
        let when = ListText.updated(change.at, now: now)
        return change.operation == .delete
            ? tr("Deleting it was refused: {reason}\n{when}", ["reason": change.reason, "when": when])
            : tr("Refused: {reason}\n{when}", ["reason": change.reason, "when": when])
    }

    private static func placeholder(_ text: String) -> Label {
        let label = Label(text)
        label.setMargins(top: 18, bottom: 18, start: 12, end: 12)
        label.addCSSClass("dim-label")
        return label
    }
}
