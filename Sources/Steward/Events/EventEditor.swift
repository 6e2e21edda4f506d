import Foundation
import GtkKit
import StewardCore

/// The window where an event is created or changed: modal over the main window, Save and
/// Cancel in its header. Saving hands the typed form to the core; a refused form stays open
/// with each problem shown under its field and nothing stored.
@MainActor
final class EventEditor {
    private let ui: Builder
    private let window: Window
    private let binding: EventFormBinding
    private let saveButton: Button
    private let service: EventService
    private let organization: Organization
    private let existing: Event?
    private var isSaving = false
    private var isClosed = false

    var onSaved: ((Event) -> Void)?
    var onClosed: (() -> Void)?

    /// `event` nil creates a new event.
    init(parent: Window, organization: Organization, service: EventService, event: Event?) {
        ui = Builder(resource: ResourceBundle.path("event-editor.ui"))
        window = ui.object("editor_window")
        saveButton = ui.object("save_button")
        binding = EventFormBinding(ui: ui, organization: organization)
        self.service = service
        self.organization = organization
        existing = event

        let heading = event == nil ? "New Event" : "Edit Event"
        window.title = "\(heading) — \(organization.name)"
        let title: WindowTitle = ui.object("editor_title")
        title.title = heading
        title.subtitle = organization.name
        window.setTransientFor(parent)
        if let event {
            binding.fill(EventForm(event.details, organizationZone: organization.timeZone))
        }

        let actions = ActionGroup()
        actions.addAction("save") { [weak self] in self?.save() }
        actions.addAction("cancel") { [weak self] in self?.close() }
        window.insertActionGroup(actions, prefix: "editor")
        window.addController(Shortcuts.controller(Shortcuts.editor))
        window.onCloseRequest { [weak self] in
            self?.finish()
            return false
        }
    }

    func present() {
        window.present()
        ui.object("title_row", as: EntryRow.self).grabFocus()
    }

    private func save() {
        guard !isSaving else { return }
        isSaving = true
        saveButton.isSensitive = false
        let form = binding.form()
        Task {
            defer {
                isSaving = false
                saveButton.isSensitive = true
            }
            do {
                let event: Event
                if let existing {
                    event = try await service.update(existing.id, with: form, in: organization)
                } else {
                    event = try await service.create(form, in: organization)
                }
                onSaved?(event)
                close()
            } catch let error as ValidationError {
                binding.show(error)?.grabFocus()
            } catch {
                let dialog = MessageDialog(parent: window, heading: "Could Not Save the Event", body: "\(error)")
                dialog.addResponse("close", "_Close")
                dialog.present()
            }
        }
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
