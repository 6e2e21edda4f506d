import Foundation
import GtkKit
import StewardCore
import Translation

/// The window where a record of any kit type is created or changed: one row per declared
/// field, built from its kind (see `FieldInput`). Save hands the typed fields to `save`; when the
/// core refuses them, each problem shows under its field and everything typed stays.
@MainActor
final class RecordEditor {
    private let ui: Builder
    private let window: Window
    private let saveButton: Button
    private let type: RecordType
    private let inputs: [FieldInput]
    private let save: (JSONValue) async throws -> Void
    private let canEdit: Bool
    private var isSaving = false
    private var isClosed = false
    /// A book's ISBN look-up, under its ISBN field.
    private var lookupRow: BookLookupRow?

    var onClosed: (() -> Void)?

    /// `record` nil: a new one, blank or filled with `filledWith` (a duplicate's fields). `save`
    /// stores the fields, throwing `ValidationError` to keep the editor open.
    init(parent: Window, type: RecordType, organization: Organization, record: LocalRecord?, filledWith: JSONValue? = nil,
         context: FormContext, canEdit: Bool, save: @escaping (JSONValue) async throws -> Void) {
        ui = Builder(resource: ResourceBundle.path("Records/record-editor.ui"))
        window = ui.object("editor_window")
        saveButton = ui.object("save_button")
        self.type = type
        self.save = save
        self.canEdit = canEdit

        let noun = type.nouns.title.text
        let heading = record == nil ? tr("New {Thing}", ["Thing": noun]) : canEdit ? tr("Edit {Thing}", ["Thing": noun]) : noun
        window.title = "\(heading) — \(organization.name)"
        let title: WindowTitle = ui.object("editor_title")
        title.title = heading
        title.subtitle = organization.name
        window.setTransientFor(parent)

        // The record's own fields in one group, then a section per list (a bulletin's sections).
        inputs = type.fields.map { FieldInput($0, context: context) }
        let form: Box = ui.object("form_box")
        let group = PreferencesGroup()
        form.append(group)
        for input in inputs {
            if case .list = input.field.kind {
                form.append(input.row)
            } else {
                group.add(input.row)
                group.add(input.errorRow)
            }
            // A book's form fills itself from Open Library by its ISBN (see BookLookupRow).
            if case .isbn = input.field.kind, canEdit {
                let lookup = BookLookupRow(inputs: inputs)
                group.add(lookup.row)
                lookupRow = lookup
            }
            if let start = record?.fields ?? filledWith { input.fill(input.field.value(in: start)) }
            // Editing a field that shows a problem clears it; the next save checks again.
            input.onEdited = { [weak input] in input?.showIssue(nil) }
            input.setEditable(canEdit)
        }

        let actions = ActionGroup()
        let saveAction = actions.addAction("save") { [weak self] in self?.saveForm() }
        actions.addAction("cancel") { [weak self] in self?.window.close() }
        window.insertActionGroup(actions, prefix: "editor")
        window.addController(Shortcuts.controller(Shortcuts.editor))
        window.onCloseRequest { [weak self] in
            self?.finish()
            return false
        }
        if !canEdit {
            saveAction.isEnabled = false
            saveButton.isVisible = false
            window.setDefaultWidget(nil)
            ui.object("editor_view_only_label", as: Label.self).isVisible = true
        }
    }

    func present() {
        window.present()
        inputs.first?.focusWidget.grabFocus()
    }

    /// Every field as typed, in the record's JSON shape.
    private var fields: JSONValue {
        var values: [String: JSONValue] = [:]
        for input in inputs {
            // A timing's value is its keys of the record, kept flat (see TimingField).
            if case .timing = input.field.kind, case .object(let keys) = input.value {
                values.merge(keys) { _, new in new }
            } else {
                values[input.field.name] = input.value
            }
        }
        return .object(values)
    }

    private func saveForm() {
        guard !isSaving, canEdit else { return }
        isSaving = true
        saveButton.isSensitive = false
        let typed = fields
        Task {
            defer {
                isSaving = false
                saveButton.isSensitive = true
            }
            do {
                try await save(typed)
                window.close()
            } catch let error as ValidationError {
                show(error)?.grabFocus()
            } catch {
                let dialog = MessageDialog(parent: window,
                                           heading: tr("Could Not Save the {Thing}", ["Thing": type.nouns.title.text]),
                                           body: "\(error)")
                dialog.addResponse("close", tr("_Close"))
                dialog.present()
            }
        }
    }

    /// Shows every issue under its field (by the field's option name, as the core reports
    /// them); returns the first invalid field's control.
    @discardableResult
    private func show(_ error: ValidationError) -> Widget? {
        var messages: [String: [String]] = [:]
        for issue in error.issues {
            if inputs.contains(where: { $0.field.optionName == issue.field }) {
                messages[issue.field, default: []].append(issue.message)
            } else {
                // A problem with no field of its own goes under the first field, named.
                messages[inputs[0].field.optionName, default: []].append("\(issue.field): \(issue.message)")
            }
        }
        var first: Widget?
        for input in inputs {
            guard let list = messages[input.field.optionName] else {
                input.showIssue(nil)
                continue
            }
            input.showIssue(list.map(RecordText.sentence).joined(separator: "\n"))
            if first == nil { first = input.focusWidget }
        }
        return first
    }

    private func finish() {
        guard !isClosed else { return }
        isClosed = true
        onClosed?()
    }
}

/// Words for record types in titles and messages.
enum RecordText {
    /// The core words issues to follow a field name ("must be after the publish time"); under
    /// the field they read as a sentence of their own.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        return first.uppercased() + message.dropFirst()
    }

    /// "1 bulletin", "12 giving funds".
    static func count(_ n: Int, of type: RecordType) -> String {
        type.nouns.count(n)
    }

    /// What a list showing one page of a search says: "12 books", "The first 100 of 1,204
    /// books; type to narrow", or for a broad search "100 of more than 2,000 books; type to narrow".
    static func partialCount(shown: Int, total: Int, isLowerBound: Bool, of type: RecordType) -> String {
        if isLowerBound {
            return tr("{shown} of more than {all}; type to narrow", ["shown": "\(shown)", "all": count(total, of: type)])
        }
        guard total > shown else { return count(shown, of: type) }
        return tr("The first {shown} of {all}; type to narrow", ["shown": "\(shown)", "all": count(total, of: type)])
    }
}
