import Foundation
import GtkKit
import StewardCore
import Translation

/// The window where a record of any kit type is created, changed, looked at (read-only, for
/// viewers) or corrected after the store refused it: the type's declared sections, one row per
/// field built from its kind (see `FieldInput`). Save hands the typed fields to `save`; when the
/// core refuses them, each problem shows under its field and everything typed stays.
@MainActor
final class RecordEditor {
    /// What the editor says and offers beyond the record's fields.
    struct Extras {
        /// The title instead of "New …"/"Edit …" ("Correct Rejected Change").
        var heading: String?
        /// A line above the form saying why it opened.
        var notice: String?
        /// Reads the record's history for the History button (nil: no button).
        var history: HistoryService?
        /// Shown above the form and told of every edit (an announcement's phone preview).
        var preview: Widget?
        /// Every field as typed, once the form is built and after each edit.
        var onEdited: ((JSONValue) -> Void)?
        /// Asked before the typed fields are saved, with the editor's window to ask over (an
        /// announcement sent to everyone); false keeps the editor open as it is.
        var confirm: ((_ fields: JSONValue, _ over: Window) async -> Bool)?
    }

    private let ui: Builder
    private let window: Window
    private let saveButton: Button
    private let type: RecordType
    private let organization: Organization
    private let record: LocalRecord?
    private var inputs: [FieldInput]
    private let layout: EditorLayout
    private let context: FormContext
    /// The record's fields as the editor opened on them (nil: a new, blank one).
    private let start: JSONValue?
    /// Fields not built yet: each means something only once another has a value (see
    /// `EditorLayout.shownOnceFilled`). Until then they keep the values they opened with.
    private var waiting: [WaitingField] = []
    private struct WaitingField {
        let field: FieldSpec
        let place: Place
        enum Place {
            case group(PreferencesGroup)
            /// An item-by-item list, in the form after the widget given (nil: first).
            case form(Box, after: Widget?)
        }
    }
    private let save: (JSONValue) async throws -> Void
    private let canEdit: Bool
    private let onEdited: ((JSONValue) -> Void)?
    private let confirm: ((JSONValue, Window) async -> Bool)?
    private let history: HistoryService?
    private var historyWindow: HistoryWindow?
    private var isSaving = false
    private var isClosed = false
    /// The editor has been painted once: rows left for after its first frame are built.
    private var isPainted = false
    /// A book's ISBN look-up, under its ISBN field.
    private var lookupRow: BookLookupRow?
    /// An event's or map pin's Choose on Map, under its longitude.
    private var mapPickRow: MapPickRow?

    var onClosed: (() -> Void)?

    /// `record` nil: a new one, blank or filled with `filledWith` (a duplicate's fields). `save`
    /// stores the fields, throwing `ValidationError` to keep the editor open.
    init(parent: Window, type: RecordType, organization: Organization, record: LocalRecord?, filledWith: JSONValue? = nil,
         context: FormContext, canEdit: Bool, extras: Extras = Extras(), save: @escaping (JSONValue) async throws -> Void) {
        ui = PreparedBuilder.take(resource: Self.resource)
        window = ui.object("editor_window")
        saveButton = ui.object("save_button")
        self.type = type
        self.organization = organization
        self.record = record
        self.save = save
        self.canEdit = canEdit
        self.history = record == nil ? nil : extras.history
        onEdited = extras.onEdited
        confirm = extras.confirm

        let noun = type.nouns.title.text
        let heading = extras.heading
            ?? (record == nil ? tr("New {Thing}", ["Thing": noun]) : canEdit ? tr("Edit {Thing}", ["Thing": noun]) : noun)
        window.title = "\(heading) — \(organization.name)"
        let title: WindowTitle = ui.object("editor_title")
        title.title = heading
        title.subtitle = organization.name
        window.setTransientFor(parent)
        if let notice = extras.notice {
            let label: Label = ui.object("editor_notice")
            label.text = notice
            label.isVisible = true
        }

        // Each declared section is a group; a list is a section of its own (a bulletin's sections).
        let layout = type.editorLayout
        self.layout = layout
        self.context = context
        start = record?.fields ?? filledWith
        // A field waits for the one that gives it a meaning only when nothing after it in its
        // section is built now: its rows, added later, then still come in order.
        let sections = type.editorSections.map { section in
            let waitingFrom = (section.fields.lastIndex { layout.shownOnceFilled[$0.name] == nil }).map { $0 + 1 } ?? 0
            return (title: section.title, fields: section.fields, waitingFrom: waitingFrom,
                    inputs: section.fields.prefix(waitingFrom).map { FieldInput($0, context: context, lines: layout.linesByField[$0.name]) })
        }
        let built = sections.flatMap(\.inputs)
        let form: Box = ui.object("form_box")
        if let preview = extras.preview { form.append(preview) }
        var lastInForm: Widget?
        for section in sections {
            let group = PreferencesGroup(title: section.title)
            // A section of lists alone has no rows of its own: each list is headed by its name.
            if section.fields.contains(where: { !Self.isItemByItemList($0, layout) }) {
                form.append(group)
                lastInForm = group
                // Until its rows are built, a section whose every row waits is not shown.
                group.isVisible = section.waitingFrom > 0
            }
            for input in section.inputs {
                if Self.isItemByItemList(input.field, layout) {
                    form.append(input.row)
                    lastInForm = input.row
                } else {
                    input.place(in: group)
                }
                // A place is chosen on a map as well as typed (see MapPickRow).
                if input.field.name == "longitude", type.hasMapPosition, canEdit, PinMap.isNetworkAvailable,
                   let latitude = built.first(where: { $0.field.name == "latitude" }) {
                    let titleInput = built.first { $0.field.name == type.titleField }
                    let pick = MapPickRow(latitude: latitude, longitude: input, parent: window, organization: organization.id,
                                          name: { titleInput?.value.stringValue ?? "" })
                    group.add(pick.row)
                    mapPickRow = pick
                }
                // A book's form fills itself from Open Library by its ISBN (see BookLookupRow).
                if case .isbn = input.field.kind, canEdit {
                    let lookup = BookLookupRow(inputs: built)
                    group.add(lookup.row)
                    lookupRow = lookup
                }
            }
            for field in section.fields.dropFirst(section.waitingFrom) {
                let place: WaitingField.Place = Self.isItemByItemList(field, layout) ? .form(form, after: lastInForm) : .group(group)
                waiting.append(WaitingField(field: field, place: place))
            }
        }
        inputs = built
        Self.connectRepeats(inputs)
        for input in inputs { prepare(input) }

        let actions = ActionGroup()
        let saveAction = actions.addAction("save") { [weak self] in self?.saveForm() }
        actions.addAction("cancel") { [weak self] in self?.window.close() }
        let historyAction = actions.addAction("history") { [weak self] in self?.showHistory() }
        window.insertActionGroup(actions, prefix: "editor")
        window.addController(Shortcuts.controller(Shortcuts.editor))
        window.onCloseRequest { [weak self] in
            self?.finish()
            return false
        }
        ui.object("history_button", as: Button.self).isVisible = history != nil
        historyAction.isEnabled = history != nil
        if !canEdit {
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
        for name in Set(waiting.compactMap { layout.shownOnceFilled[$0.field.name] }) {
            guard let controller = inputs.first(where: { $0.field.name == name }) else { continue }
            let earlier = controller.onEdited
            controller.onEdited = { [weak self, weak controller] in
                earlier?()
                if let controller { self?.buildWaiting(filledBy: controller) }
            }
            buildWaiting(filledBy: controller)
        }
        onEdited?(fields)
    }

    /// Fills `input` with the value the editor opened on and readies it for editing.
    private func prepare(_ input: FieldInput) {
        if let start { input.fill(input.field.value(in: start)) }
        // Editing a field that shows a problem clears it; the next save checks again.
        input.onEdited = { [weak self, weak input] in
            input?.showIssue(nil)
            if let self, let onEdited = self.onEdited { onEdited(self.fields) }
        }
        input.setEditable(canEdit)
    }

    /// Builds the fields waiting for `controller` once it has a value (a series' exceptions
    /// once the event repeats). Once built they stay, so nothing typed in them is hidden.
    private func buildWaiting(filledBy controller: FieldInput) {
        guard !FieldKind.isEmpty(controller.value) else { return }
        buildWaiting { layout.shownOnceFilled[$0.name] == controller.field.name }
    }

    private func buildWaiting(where matches: (FieldSpec) -> Bool) {
        let now = waiting.filter { matches($0.field) }
        guard !now.isEmpty else { return }
        waiting.removeAll { matches($0.field) }
        let order = Dictionary(type.editorSections.flatMap(\.fields).enumerated().map { ($1.name, $0) }) { first, _ in first }
        for pending in now {
            let input = FieldInput(pending.field, context: context, lines: layout.linesByField[pending.field.name])
            switch pending.place {
            case .group(let group):
                input.place(in: group)
                group.isVisible = true
            case .form(let form, let after):
                form.insert(input.row, after: after)
            }
            prepare(input)
            if isPainted { input.finishBuilding() }
            inputs.append(input)
        }
        // In the form's order, for the first problem's focus.
        inputs.sort { (order[$0.field.name] ?? 0) < (order[$1.field.name] ?? 0) }
    }

    /// A repeat rule reads its start from the form's timing, and follows it as it is edited.
    private static func connectRepeats(_ inputs: [FieldInput]) {
        guard let timingField = inputs.first(where: { $0.timingInput != nil }), let timing = timingField.timingInput,
              case .timing(let limits) = timingField.field.kind else { return }
        let repeats = inputs.compactMap(\.repeatInput)
        for input in repeats { input.timing = { [weak timing] in timing?.typedTiming(limits: limits) } }
        let earlier = timing.onEdited
        timing.onEdited = {
            earlier?()
            for input in repeats { input.timingChanged() }
        }
    }

    private static func isItemByItemList(_ field: FieldSpec, _ layout: EditorLayout) -> Bool {
        if case .list = field.kind { return layout.linesByField[field.name] == nil }
        return false
    }

    func present() {
        window.present()
        inputs.first?.focusWidget.grabFocus()
        // What costs the first frame most and is rarely used first comes right after it.
        NextPaint.after(window) { [weak self] in
            guard let self else { return }
            self.isPainted = true
            for input in self.inputs { input.finishBuilding() }
            // Staff open one record after another: the next editor's window is made ahead.
            PreparedBuilder.prepare(resource: Self.resource)
        }
    }

    private static var resource: String { ResourceBundle.path("Records/record-editor.ui") }

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
        for pending in waiting {
            if let start, let value = pending.field.value(in: start) { values[pending.field.name] = value }
        }
        return .object(values)
    }

    /// What typing itself got wrong (a line that is no link), checked with the rest of the
    /// record so one save names every problem; nothing is saved while there is one.
    private func typingProblems(_ typed: JSONValue) -> ValidationError? {
        let problems = inputs.compactMap { input in
            input.typingProblem.map { ValidationIssue(field: input.field.reportName, message: $0) }
        }
        guard !problems.isEmpty else { return nil }
        var issues = problems
        do throws(ValidationError) {
            _ = try type.validate(typed, orgZone: organization.timeZone)
        } catch {
            let named = Set(problems.map(\.field))
            issues += error.issues.filter { !named.contains($0.field) }
        }
        return ValidationError(issues)
    }

    private func saveForm() {
        guard !isSaving, canEdit else { return }
        let typed = fields
        if let problems = typingProblems(typed) {
            focusProblem(show(problems))
            return
        }
        isSaving = true
        saveButton.isSensitive = false
        Task {
            defer {
                isSaving = false
                saveButton.isSensitive = true
            }
            do {
                if let confirm, !(await confirm(typed, window)) { return }
                try await save(typed)
                window.close()
            } catch let error as ValidationError {
                self.focusProblem(self.show(error))
            } catch {
                let dialog = MessageDialog(parent: window,
                                           heading: tr("Could Not Save the {Thing}", ["Thing": type.nouns.title.text]),
                                           body: "\(error)")
                dialog.addResponse("close", tr("_Close"))
                dialog.present()
            }
        }
    }

    /// Focuses the first field with a problem and, once the problems are laid out, scrolls so
    /// its whole row shows, the problem written under it included (focus alone scrolls only as
    /// far as the entry, and a field low in a long form had its problem just out of view).
    private func focusProblem(_ control: Widget?) {
        guard let control else { return }
        control.grabFocus()
        let scroller: ScrolledWindow = ui.object("editor_scroller")
        // The problem row sits right under the field's row (see `FieldInput.errorRow`).
        NextPaint.after(window) { scroller.reveal(control, followingRows: 1) }
    }

    /// Shows every issue under its field (by the name the core reports it under); returns the
    /// first invalid field's control, in the form's order.
    @discardableResult
    private func show(_ error: ValidationError) -> Widget? {
        let named = Set(error.issues.map(\.field))
        buildWaiting { named.contains($0.reportName) }
        var messages: [String: [String]] = [:]
        let shown = Set(inputs.flatMap(\.issueNames))
        for issue in error.issues {
            if shown.contains(issue.field) {
                messages[issue.field, default: []].append(issue.message)
            } else {
                // A problem with no field of its own goes under the first field, named.
                messages[inputs[0].field.reportName, default: []].append("\(issue.field): \(issue.message)")
            }
        }
        let sentences = messages.mapValues { $0.map(RecordText.sentence).joined(separator: "\n") }
        var first: Widget?
        for input in inputs {
            let control = input.showIssues(sentences)
            if first == nil { first = control }
        }
        return first
    }

    private func showHistory() {
        guard historyWindow == nil, let record, let history else { return }
        let shown = HistoryWindow(parent: window, title: type.title(of: record.fields), entity: type.entity,
                                  recordId: record.id, recordZone: organization.timeZone, service: history)
        shown.onClosed = { [weak self] in self?.historyWindow = nil }
        historyWindow = shown
        shown.present()
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
