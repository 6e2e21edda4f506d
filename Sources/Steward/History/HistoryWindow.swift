import Foundation
import GtkKit
import StewardCore
import Translation

/// "History of Harvest Supper": every change of one record this console knows of, newest
/// first, each with who made it, when, and what it changed. The text is selectable, to copy
/// an old value back.
@MainActor
final class HistoryWindow {
    private let ui: Builder
    private let window: Window
    private let stack: Stack
    private let list: ListBox
    private let spinner: Spinner
    /// The zone the record's own times read in (the organization's): "20:30" for an event at
    /// half past eight in Chicago, wherever the computer is.
    private let recordZone: TimeZone
    var onClosed: (() -> Void)?

    init(parent: Window, title: String, entity: String, recordId: UUID, recordZone: TimeZone, service: HistoryService) {
        self.recordZone = recordZone
        ui = Builder(resource: ResourceBundle.path("History/history.ui"))
        window = ui.object("history_window")
        stack = ui.object("history_stack")
        list = ui.object("history_list")
        spinner = ui.object("history_spinner")
        let name = title.isEmpty ? tr("Untitled {thing}", ["thing": RecordTypes.named(entity)?.noun ?? entity]) : title
        window.title = tr("History of {title}", ["title": name])
        let heading: WindowTitle = ui.object("history_title")
        heading.title = tr("History of {title}", ["title": name])
        window.setTransientFor(parent)
        window.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
        let close = ShortcutController(scope: .managed)
        let actions = ActionGroup()
        actions.addAction("close") { [weak self] in self?.window.close() }
        window.insertActionGroup(actions, prefix: "history")
        close.add(trigger: "Escape", action: "history.close")
        window.addController(close)
        load(entity: entity, recordId: recordId, service: service)
    }

    func present() { window.present() }

    private func load(entity: String, recordId: UUID, service: HistoryService) {
        stack.visibleChildName = "loading"
        spinner.isSpinning = true
        Task {
            defer { spinner.isSpinning = false }
            do {
                show(try await service.history(entity: entity, recordId: recordId))
            } catch {
                let page: StatusPage = ui.object("history_error")
                page.statusDescription = Label.escapeMarkup(SyncStatusIndicator.sentence("\(error)"))
                stack.visibleChildName = "error"
            }
        }
    }

    private func show(_ entries: [RecordHistoryEntry]) {
        guard !entries.isEmpty else {
            stack.visibleChildName = "empty"
            return
        }
        for entry in entries { list.append(row(entry)) }
        stack.visibleChildName = "entries"
    }

    private func row(_ entry: RecordHistoryEntry) -> ListBoxRow {
        let box = Box.vertical(spacing: 4)
        box.setMargins(top: 10, bottom: 10, start: 12, end: 12)
        let heading = Label(HistoryText.heading(entry))
        heading.xalign = 0
        heading.wraps = true
        heading.isSelectable = true
        heading.addCSSClass("heading")
        box.append(heading)
        let summary = Label(HistoryText.summary(entry))
        summary.xalign = 0
        summary.wraps = true
        summary.addCSSClass("dim-label")
        summary.addCSSClass("caption")
        box.append(summary)
        let lines = HistoryText.lines(entry, zone: recordZone)
        if !lines.isEmpty {
            let changes = Label(lines.joined(separator: "\n"))
            changes.xalign = 0
            changes.wraps = true
            changes.wrapsAnywhere = true
            changes.isSelectable = true
            changes.addCSSClass("history-changes")
            box.append(changes)
        }
        let row = ListBoxRow(child: box)
        row.isActivatable = false
        row.setAccessibleLabel("\(HistoryText.heading(entry)): \(HistoryText.summary(entry))")
        return row
    }
}
