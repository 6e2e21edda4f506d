import Foundation
import GtkKit
import Translation

/// The import preview: what importing a file would do, before anything is written, as its
/// `ImportPreview` says (a catalogue's new books, duplicates and rows with errors; a calendar's
/// events to add, to change, left alone and its problems). The confirm button runs the import
/// and closes the window; Cancel and Escape close it having written nothing.
@MainActor
final class ImportPreviewWindow {
    /// Rows listed per group; a file of 20,000 books says how many more there are.
    static let shownRows = 200

    private let ui: Builder
    private let window: Window
    private let confirm: Button
    private let preview: ImportPreview
    private var isImporting = false
    var onClosed: (() -> Void)?

    init(parent: Window, preview: ImportPreview) {
        ui = Builder(resource: ResourceBundle.path("Support/import-preview.ui"))
        window = ui.object("import_window")
        confirm = ui.object("import_confirm")
        self.preview = preview
        window.setTransientFor(parent)
        window.title = preview.title
        let title: WindowTitle = ui.object("import_title")
        title.title = preview.title
        title.subtitle = preview.subtitle
        window.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
        let actions = ActionGroup()
        actions.addAction("cancel") { [weak self] in self?.window.close() }
        let run = actions.addAction("run") { [weak self] in self?.runImport() }
        window.insertActionGroup(actions, prefix: "import")
        let keys = ShortcutController(scope: .managed)
        keys.add(trigger: "Escape", action: "import.cancel")
        window.addController(keys)

        confirm.label = preview.confirmLabel
        run.isEnabled = preview.blockedReason == nil
        confirm.tooltip = preview.blockedReason
        if let reason = preview.blockedReason { confirm.setAccessibleDescription(reason) }
        ui.object("import_summary", as: Label.self).text = preview.summary
        let groups: Box = ui.object("import_groups")
        for group in preview.groups { groups.append(Self.widget(for: group)) }
    }

    func present() { window.present() }

    private static func widget(for group: ImportPreview.Group) -> Widget {
        let widget = PreferencesGroup(title: group.title)
        var rows: [Widget] = group.rows.prefix(shownRows).map(row)
        if group.rows.count > shownRows {
            rows.append(ActionRow(title: trn("and {count} more", "and {count} more", group.rows.count - shownRows)))
        }
        if let foldedTitle = group.foldedTitle {
            // One row, closed, that opens on the list: a long list of what stays as it was
            // does not push the rest of the preview away.
            let folded = ExpanderRow(title: Label.escapeMarkup(foldedTitle))
            folded.setAccessibleLabel(foldedTitle)
            for row in rows { folded.addRow(row) }
            widget.add(folded)
        } else {
            for row in rows { widget.add(row) }
        }
        widget.isVisible = !group.rows.isEmpty
        return widget
    }

    /// A row named for screen readers by its heading and detail together.
    private static func row(_ row: ImportPreview.Row) -> Widget {
        let widget = ActionRow(title: Label.escapeMarkup(row.heading),
                               subtitle: row.detail.isEmpty ? nil : Label.escapeMarkup(row.detail))
        widget.setAccessibleLabel(row.detail.isEmpty ? row.heading : "\(row.heading), \(row.detail)")
        return widget
    }

    private func runImport() {
        guard !isImporting, preview.blockedReason == nil else { return }
        isImporting = true
        confirm.isSensitive = false
        Task {
            do {
                try await preview.confirm()
                window.close()
            } catch {
                isImporting = false
                confirm.isSensitive = true
                let dialog = MessageDialog(parent: window, heading: preview.failureHeading,
                                           body: tr("Nothing was written: {error}", ["error": "\(error)"]))
                dialog.addResponse("close", tr("_Close"))
                dialog.present()
            }
        }
    }
}
