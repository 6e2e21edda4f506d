import Foundation
import GtkKit
import StewardCore
import Translation

/// The window where an event is created, changed, looked at (read-only, for viewers), or
/// corrected after the store refused it: modal over the main window, Save and Cancel in its
/// header. Saving hands the typed form to `save`; a refused form stays open with each problem
/// shown under its field and nothing stored.
@MainActor
final class EventEditor {
    /// What the editor is for, which decides its title and what Save does.
    struct Setup {
        /// "New Event", "Edit Event", "Event", "Correct Rejected Change".
        var heading: String
        /// The values to start from (nil: an empty form).
        var form: EventForm?
        /// Looking only: nothing can be typed, there is no Save.
        var isReadOnly = false
        /// The record whose history the History button opens (nil: no button).
        var record: (id: UUID, title: String)?
        /// A line above the form saying why it opened (nil: none).
        var notice: String?
    }

    private let ui: Builder
    private let window: Window
    private let binding: EventFormBinding
    private let saveButton: Button
    private let setup: Setup
    private let save: (EventForm) async throws -> Void
    private let history: HistoryService?
    private let organization: Organization
    private var historyWindow: HistoryWindow?
    private var isSaving = false
    private var isClosed = false

    var onClosed: (() -> Void)?

    /// `save` stores the form (throwing `ValidationError` to keep the editor open); `history`
    /// reads the record's history for the History button.
    init(parent: Window, organization: Organization, setup: Setup, history: HistoryService?,
         save: @escaping (EventForm) async throws -> Void) {
        ui = Builder(resource: ResourceBundle.path("Events/event-editor.ui"))
        window = ui.object("editor_window")
        saveButton = ui.object("save_button")
        binding = EventFormBinding(ui: ui, organization: organization)
        self.setup = setup
        self.save = save
        self.history = history
        self.organization = organization

        window.title = "\(setup.heading) — \(organization.name)"
        let title: WindowTitle = ui.object("editor_title")
        title.title = setup.heading
        title.subtitle = organization.name
        window.setTransientFor(parent)
        if let form = setup.form { binding.fill(form) }
        if let notice = setup.notice {
            let label: Label = ui.object("editor_notice")
            label.text = notice
            label.isVisible = true
        }

        let actions = ActionGroup()
        let saveAction = actions.addAction("save") { [weak self] in self?.saveForm() }
        actions.addAction("cancel") { [weak self] in self?.close() }
        let historyAction = actions.addAction("history") { [weak self] in self?.showHistory() }
        window.insertActionGroup(actions, prefix: "editor")
        window.addController(Shortcuts.controller(Shortcuts.editor))
        window.onCloseRequest { [weak self] in
            self?.finish()
            return false
        }

        ui.object("history_button", as: Button.self).isVisible = setup.record != nil && history != nil
        historyAction.isEnabled = setup.record != nil && history != nil
        if setup.isReadOnly {
            binding.setReadOnly(true)
            window.addCSSClass("read-only")
            saveAction.isEnabled = false
            saveButton.isVisible = false
            window.setDefaultWidget(nil)
            ui.object("editor_view_only_label", as: Label.self).isVisible = true
            // Nothing to cancel when nothing can change.
            let cancel: Button = ui.object("cancel_button")
            cancel.setChild(Label(mnemonic: tr("_Close")))
            cancel.setAccessibleLabel(tr("Close"))
        }
    }

    func present() {
        window.present()
        ui.object("title_row", as: EntryRow.self).grabFocus()
    }

    private func saveForm() {
        guard !isSaving, !setup.isReadOnly else { return }
        isSaving = true
        saveButton.isSensitive = false
        let form = binding.form()
        Task {
            defer {
                isSaving = false
                saveButton.isSensitive = true
            }
            do {
                try await save(form)
                close()
            } catch let error as ValidationError {
                binding.show(error)?.grabFocus()
            } catch {
                let dialog = MessageDialog(parent: window, heading: tr("Could Not Save the Event"), body: "\(error)")
                dialog.addResponse("close", tr("_Close"))
                dialog.present()
            }
        }
    }

    private func showHistory() {
        guard historyWindow == nil, let record = setup.record, let history else { return }
        let shown = HistoryWindow(parent: window, title: record.title, entity: SyncEntity.event, recordId: record.id,
                                  recordZone: organization.timeZone, service: history)
        shown.onClosed = { [weak self] in self?.historyWindow = nil }
        historyWindow = shown
        shown.present()
    }

    private func close() {
        window.close()
    }

    private func finish() {
        guard !isClosed else { return }
        isClosed = true
        onClosed?()
    }
}
