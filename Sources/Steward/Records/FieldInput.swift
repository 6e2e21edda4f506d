import Foundation
import GtkKit
import StewardCore
import StewardMedia
import Translation

/// What building a form's inputs needs besides the fields: the organization's zone (times are
/// typed in it) and the titles of the records a reference may point at.
struct FormContext {
    let zone: TimeZone
    /// By entity: every record's title, by id.
    let titles: [String: [UUID: String]]
    /// The organization's media library (see `MediaChoices`), for media fields.
    var media: [MediaItem] = []
}

/// One field of a record's form, built from its kind: the control staff type into, the row
/// that holds it in a preferences group, and a hidden row under it for the field's problem.
/// It reads and writes the field's value as the record's JSON, so the core checks exactly what
/// was typed and nothing is lost when a save is refused.
@MainActor
final class FieldInput {
    let field: FieldSpec
    let row: Widget
    /// The problem row under `row`. Most fields never show a problem: outside lists (where it
    /// stands between the title and the items), it is built and put under the row the first
    /// time there is one, which keeps a long form quick to open.
    private var builtErrorRow: Widget?
    /// What goes into the form's group, in order: the row and its problem row, or a timing's
    /// rows (see `TimingInput`).
    var rows: [Widget] {
        switch control {
        case .timing(let timing): return timing.rows
        // Its problem, when there is one, right under the choice it concerns; the rest follow
        // once built.
        case .repeatRule(let repeats): return [repeats.choiceRow]
        default: return [row]
        }
    }

    /// The problem row, built at the first problem and put right under the field's row.
    private var errorRow: Widget {
        if let builtErrorRow { return builtErrorRow }
        let made = PreferencesRow(child: errorLabel, focusable: false)
        made.addCSSClass("field-error")
        made.isVisible = false
        builtErrorRow = made
        ListBoxRow.insert(made, after: row)
        return made
    }

    /// Adds the rows to `group`. Rows built later (a repeat's Until, Rule and summary, once a
    /// repeat is chosen) are added to its end then, so a field that builds rows later is
    /// declared last in its section, but for fields that wait for it.
    func place(in group: PreferencesGroup) {
        for row in rows { group.add(row) }
        if case .repeatRule(let repeats) = control {
            repeats.addRows = { [weak group] rows in for row in rows { group?.add(row) } }
        }
    }
    private let errorLabel: Label
    private let control: Control
    private let zone: TimeZone
    /// Called after every edit (the editor clears the field's problem).
    var onEdited: (() -> Void)?

    private enum Control {
        case entryRow(EntryRow)
        case entry(Entry)
        case textView(TextView)
        /// `emptyAtZero`: a field with no default reads 0 as "nothing typed".
        case spin(SpinButton, emptyAtZero: Bool)
        case toggle(Switch)
        /// The values in the drop-down's order; nil is "None".
        case choice(DropDown, values: [String?])
        case list(ListFieldEditor)
        /// A list typed a line an item (an event's links, see `ListAsLines`).
        case lines(TextView, ListAsLines)
        case timing(TimingInput)
        case repeatRule(RepeatInput)
        /// A file of the library (the drop-down; nil is "None"), or the address typed under it.
        case media(DropDown, values: [String?], address: Entry)
    }

    /// The timing's rows, for the editor to tell a repeat rule where its start is.
    var timingInput: TimingInput? {
        if case .timing(let timing) = control { return timing }
        return nil
    }

    var repeatInput: RepeatInput? {
        if case .repeatRule(let repeats) = control { return repeats }
        return nil
    }

    /// `inItem`: the field of a list item (a section's heading), shown as a label over an entry
    /// so its name can say which item it belongs to. `lines`: the list field is typed as lines.
    init(_ field: FieldSpec, context: FormContext, inItem: Bool = false, lines: ListAsLines? = nil) {
        self.field = field
        zone = context.zone
        errorLabel = Label()
        errorLabel.xalign = 0
        errorLabel.wrapsAnywhere = true
        errorLabel.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        errorLabel.addCSSClass("caption")
        errorLabel.addCSSClass("error")
        if case .list = field.kind {
            // A list's problem shows between its title and its items, outside any boxed list.
            errorLabel.isVisible = false
            builtErrorRow = errorLabel
        }

        switch field.kind {
        case .list where lines != nil:
            let view = TextView()
            view.setSizeRequest(height: 72)
            view.addCSSClass("record-text")
            view.setAccessibleLabel(field.label)
            row = Self.stackedRow(field.label, view, hint: lines!.hint)
            control = .lines(view, lines!)
        case .text where inItem:
            let entry = Entry()
            entry.activatesDefault = true
            entry.hexpand = true
            entry.setAccessibleLabel(field.label)
            row = Self.stackedRow(field.label, entry, hint: "")
            control = .entry(entry)
        case .text, .isbn, .decimal, .phone, .words:
            // A decimal is typed as text: a spin button would write it with the locale's
            // separator and round it to its digits.
            let entry = EntryRow(title: field.label)
            entry.activatesDefault = true
            row = entry
            control = .entryRow(entry)
        case .longText:
            let view = TextView()
            view.setSizeRequest(height: 72)
            view.addCSSClass("record-text")
            view.setAccessibleLabel(field.label)
            row = Self.stackedRow(field.label, view, hint: field.help)
            control = .textView(view)
        case .repeatRule:
            let repeats = RepeatInput(zone: context.zone)
            row = repeats.choiceRow
            control = .repeatRule(repeats)
        case .date, .dateTime, .duration, .webURL, .email, .occurrences:
            let entry = Entry(placeholder: Self.format(field.kind))
            entry.activatesDefault = true
            entry.hexpand = true
            entry.setAccessibleLabel(field.label)
            row = Self.stackedRow(field.label, entry, hint: Self.hint(field, zone: context.zone))
            control = .entry(entry)
        case .integer(let range):
            // An optional number with no default whose range starts above 0 (a rating from 1 to
            // 5) goes down to 0, read as "not set": otherwise a spin button cannot be empty and
            // every save would store its lowest value.
            let emptyAtZero = field.defaultValue == nil
            let lowest = emptyAtZero && !field.isRequired && range.lowerBound > 0 ? 0 : range.lowerBound
            let spin = SpinButton(min: Double(lowest), max: Double(range.upperBound))
            spin.verticalAlignment = .center
            // Named by its row: the row's title, once (a label of its own would be heard twice).
            let actionRow = ActionRow(title: field.label, subtitle: field.help)
            actionRow.addSuffix(spin)
            actionRow.setActivatableWidget(spin)
            row = actionRow
            control = .spin(spin, emptyAtZero: emptyAtZero)
        case .boolean:
            let toggle = Switch()
            toggle.verticalAlignment = .center
            let actionRow = ActionRow(title: field.label, subtitle: field.help)
            actionRow.addSuffix(toggle)
            actionRow.setActivatableWidget(toggle)
            row = actionRow
            control = .toggle(toggle)
        case .choice(let words):
            var values: [String?] = words
            if field.defaultValue == nil && !field.isRequired { values.insert(nil, at: 0) }
            // Staff read each word's name, never the stored word ("single-choice").
            (row, control) = Self.dropDownRow(field, values: values, names: values.map { $0.map(field.title(ofChoice:)) ?? tr("None") })
        case .reference(let entity):
            // Sorted by title, after "None" (a reference is optional unless declared required) or,
            // for a required one, after a prompt: nobody and nothing is picked for staff.
            let titles = (context.titles[entity] ?? [:]).sorted {
                $0.value.localizedCaseInsensitiveCompare($1.value) == .orderedAscending
            }
            var values: [String?] = titles.map { $0.key.uuidString.lowercased() }
            var names = titles.map(\.value)
            values.insert(nil, at: 0)
            names.insert(field.isRequired ? tr("Choose…") : tr("None"), at: 0)
            (row, control) = Self.dropDownRow(field, values: values, names: names)
        case .media(let kinds, _):
            // The library's files of the kinds the field takes, by name; an address typed
            // under the drop-down is used instead when there is one.
            let items = context.media.filter { kinds.contains($0.kind) }
            var values: [String?] = items.map(\.key)
            var names = items.map(MediaChoices.label(of:))
            values.insert(nil, at: 0)
            names.insert(tr("None"), at: 0)
            let dropDown = DropDown(strings: names)
            if names.count > ChoiceDropDown.searchableOver { dropDown.enableSearch() }
            dropDown.setAccessibleLabel(field.label)
            let address = Entry(placeholder: "https://…")
            address.activatesDefault = true
            address.hexpand = true
            address.setAccessibleLabel(tr("{field}: address", ["field": field.label]))
            let box = Box.vertical(spacing: 6)
            box.append(dropDown)
            box.append(address)
            row = Self.stackedRow(field.label, box,
                                  hint: [tr("A file from the media library, or a secure (https://) address."), field.help]
                                    .joined(separator: " "))
            control = .media(dropDown, values: values, address: address)
        case .list(let itemFields, let maxItems):
            let editor = ListFieldEditor(field, itemFields: itemFields, maxItems: maxItems, context: context)
            editor.attach(errorRow: errorLabel)
            row = editor.widget
            control = .list(editor)
        case .timing:
            let timing = TimingInput(organizationZone: context.zone)
            row = timing.rows[0]
            control = .timing(timing)
        }
        connectEdits()
        fill(nil)
    }

    private static func dropDownRow(_ field: FieldSpec, values: [String?], names: [String]) -> (Widget, Control) {
        let dropDown = DropDown(strings: names)
        // A long list (members, events) narrows as staff type.
        if names.count > ChoiceDropDown.searchableOver { dropDown.enableSearch() }
        dropDown.verticalAlignment = .center
        dropDown.setAccessibleLabel(field.label)
        let actionRow = ActionRow(title: field.label)
        actionRow.addSuffix(dropDown)
        return (actionRow, .choice(dropDown, values: values))
    }

    /// A label over the control, with a hint under it: for fields whose format needs saying
    /// and for paragraphs.
    private static func stackedRow(_ title: String, _ control: Widget, hint: String) -> Widget {
        let box = Box.vertical(spacing: 4)
        box.setMargins(top: 8, bottom: 10, start: 12, end: 12)
        let label = Label(title)
        label.xalign = 0
        label.addCSSClass("subtitle")
        box.append(label)
        box.append(control)
        if !hint.isEmpty {
            let hintLabel = Label(hint)
            hintLabel.xalign = 0
            hintLabel.wrapsAnywhere = true
            hintLabel.addCSSClass("dim-label")
            hintLabel.addCSSClass("caption")
            box.append(hintLabel)
        }
        return PreferencesRow(child: box)
    }

    /// What the entry shows while empty: the expected form, not a value (a grey example date
    /// reads as if one were typed).
    private static func format(_ kind: FieldKind) -> String {
        switch kind {
        case .date: "YYYY-MM-DD"
        case .dateTime: "YYYY-MM-DD HH:MM"
        case .duration: tr("h:mm:ss or mm:ss")
        case .webURL(let httpsOnly): httpsOnly ? "https://…" : "https://…"
        case .email: "name@example.org"
        case .repeatRule: "FREQ=WEEKLY;BYDAY=WE"
        case .occurrences: "2026-12-09T19:00, …"
        default: ""
        }
    }

    /// An example in the expected form when the field's help has none, then the help.
    private static func hint(_ field: FieldSpec, zone: TimeZone) -> String {
        var example = ""
        switch field.kind {
        case .dateTime: example = tr("Like 2026-12-06 09:00, {zone} time.", ["zone": zone.identifier])
        case .webURL(let httpsOnly) where !field.declaredHelp.english.contains("http"):
            example = httpsOnly ? tr("Must start with https://.") : tr("Starts with https:// or http://.")
        default: break
        }
        return [example, field.help].filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func connectEdits() {
        let edited: @MainActor () -> Void = { [weak self] in self?.onEdited?() }
        switch control {
        case .entryRow(let w): w.onChanged(edited)
        case .entry(let w): w.onChanged(edited)
        case .textView(let w): w.onChanged(edited)
        case .spin(let w, _): w.onValueChanged { _ in edited() }
        case .toggle(let w): w.onActiveChanged { _ in edited() }
        case .choice(let w, _): w.onSelectionChanged { _ in edited() }
        case .list(let editor): editor.onEdited = edited
        case .lines(let w, _): w.onChanged(edited)
        case .timing(let timing): timing.onEdited = edited
        case .repeatRule(let repeats): repeats.onEdited = edited
        case .media(let w, _, let address):
            w.onSelectionChanged { _ in edited() }
            address.onChanged(edited)
        }
    }

    // MARK: value

    /// What is typed, as the field's JSON: text as typed (the core parses and trims it).
    var value: JSONValue {
        switch control {
        case .entryRow(let w): return field.kind.typedValue(w.text)
        case .entry(let w): return field.kind.typedValue(w.text)
        case .textView(let w): return .string(w.text)
        case .spin(let w, let emptyAtZero):
            w.commitTypedText()
            let number = Int64(w.value.rounded())
            return emptyAtZero && number == 0 ? .null : .int(number)
        case .toggle(let w): return .bool(w.isActive)
        case .choice(let w, let values):
            guard let index = w.selectedIndex, index < values.count, let chosen = values[index] else { return .null }
            return .string(chosen)
        case .list(let editor): return editor.value
        case .lines(let w, let lines): return (try? lines.items(from: w.text, of: field)) ?? .array([])
        case .timing(let timing): return timing.value
        case .repeatRule(let repeats): return repeats.value
        case .media(let w, let values, let address):
            if !address.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .string(address.text) }
            guard let index = w.selectedIndex, index < values.count, let chosen = values[index] else { return .null }
            return .string(chosen)
        }
    }

    /// What is typed but cannot become the field's value at all (a line that is no link), as
    /// the problem to show under it; nil when what is typed reads.
    var typingProblem: String? {
        guard case .lines(let w, let lines) = control else { return nil }
        do throws(ValidationError) {
            _ = try lines.items(from: w.text, of: field)
            return nil
        } catch {
            return error.issues.first?.message
        }
    }

    /// Shows a stored value; nil: the field's default (a new record).
    func fill(_ stored: JSONValue?) {
        let value = stored ?? field.defaultValue
        switch control {
        case .entryRow(let w): w.text = field.kind.editableText(value, zone: zone)
        case .entry(let w): w.text = Self.readable(field.kind.editableText(value, zone: zone), kind: field.kind)
        case .textView(let w): w.text = field.kind.editableText(value, zone: zone)
        case .spin(let w, _): w.value = Double(value?.int64Value ?? 0)
        case .toggle(let w): w.isActive = value?.boolValue ?? false
        case .choice(let w, let values):
            let wanted = value?.stringValue
            w.selectedIndex = values.firstIndex(of: wanted) ?? values.firstIndex(of: nil) ?? 0
        case .list(let editor): editor.fill(value)
        case .lines(let w, let lines): w.text = lines.text(of: value)
        // A timing is the record's own keys (see TimingField.value(in:)).
        case .timing(let timing): timing.fill(stored)
        case .repeatRule(let repeats): repeats.fill(value)
        case .media(let w, let values, let address):
            // A file of the library is chosen; anything else (an address, a file no longer
            // listed) shows as typed, so saving keeps it.
            let stored = value?.stringValue
            if let stored, values.contains(stored) {
                w.selectedIndex = values.firstIndex(of: stored) ?? 0
                address.text = ""
            } else {
                w.selectedIndex = 0
                address.text = stored ?? ""
            }
        }
        showIssue(nil)
    }

    /// "2026-12-06T09:00" reads better with a space; the core accepts both.
    private static func readable(_ text: String, kind: FieldKind) -> String {
        guard case .dateTime = kind, text.count == 16 else { return text }
        return text.replacingOccurrences(of: "T", with: " ")
    }

    // MARK: names, problems, state

    /// The control's name for screen readers, when a plain label would be ambiguous (the
    /// "Heading" of which section?).
    func setAccessibleName(_ name: String) {
        switch control {
        case .entryRow(let w): w.setAccessibleLabel(name)
        case .entry(let w): w.setAccessibleLabel(name)
        case .textView(let w): w.setAccessibleLabel(name)
        case .spin(let w, _): w.setAccessibleLabel(name)
        case .toggle(let w): w.setAccessibleLabel(name)
        case .choice(let w, _): w.setAccessibleLabel(name)
        case .lines(let w, _): w.setAccessibleLabel(name)
        case .media(let w, _, _): w.setAccessibleLabel(name)
        case .list, .timing, .repeatRule: break
        }
    }

    /// The widget that takes the focus when the field has a problem.
    var focusWidget: Widget {
        switch control {
        case .entryRow(let w): w
        case .entry(let w): w
        case .textView(let w): w
        case .spin(let w, _): w
        case .toggle(let w): w
        case .choice(let w, _): w
        case .list(let editor): editor.focusWidget
        case .lines(let w, _): w
        case .timing(let timing): timing.focusWidget
        case .repeatRule(let repeats): repeats.focusWidget
        case .media(let w, _, let address): address.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? w as Widget : address
        }
    }

    /// The names validation reports this field's problems under: its own, or a timing's parts.
    var issueNames: [String] {
        if case .timing = control { return TimingInput.parts }
        return [field.reportName]
    }

    /// Shows each problem under the part of the field it names (see `issueNames`), clearing
    /// the others; returns the control of the first, in the form's order.
    @discardableResult
    func showIssues(_ messages: [String: String]) -> Widget? {
        if case .list(let editor) = control {
            // An item's problem goes under the item's field it names, which takes the focus.
            let (rest, itemFocus) = editor.showItemIssues(messages[field.reportName])
            showOwnIssue(rest)
            return itemFocus ?? (rest == nil ? nil : focusWidget)
        }
        guard case .timing(let timing) = control else {
            showIssue(messages[field.reportName])
            return messages[field.reportName] == nil ? nil : focusWidget
        }
        var first: Widget?
        for part in [TimingField.Part.timing, TimingField.Part.starts, TimingField.Part.ends, TimingField.Part.timeZone] {
            let control = timing.showIssue(messages[part], part: part)
            if messages[part] != nil, first == nil { first = control }
        }
        return first
    }

    /// Shows `message` under the field (nil clears it); screen readers read it with the field.
    func showIssue(_ message: String?) {
        if case .timing(let timing) = control {
            // Its parts clear their own problems as they are edited.
            timing.showIssue(message, part: TimingField.Part.timing)
            return
        }
        if case .list(let editor) = control {
            showOwnIssue(editor.showItemIssues(message).rest)
            return
        }
        showOwnIssue(message)
    }

    /// Shows `message` in the field's own problem row, under it.
    private func showOwnIssue(_ message: String?) {
        let text = message ?? ""
        if message == nil && builtErrorRow?.isVisible != true { return }
        errorLabel.text = text
        errorRow.isVisible = message != nil
        // A list's own problem is about the list: no item's field is marked for it.
        if case .list = control { return }
        // The control, not its row: a row's hint in red would read as part of the problem.
        focusWidget.setCSSClass("error", message != nil)
        focusWidget.tieProblem(message == nil ? nil : errorLabel)
    }

    /// Builds what was left for after the editor's first frame (see `RepeatInput.finishBuilding`).
    func finishBuilding() {
        repeatInput?.finishBuilding()
    }

    func setEditable(_ editable: Bool) {
        switch control {
        case .entryRow(let w): w.isEditable = editable
        case .entry(let w): w.isEditable = editable
        case .textView(let w): w.isEditable = editable
        case .spin(let w, _): w.isSensitive = editable
        case .toggle(let w): w.isSensitive = editable
        case .choice(let w, _): w.isSensitive = editable
        case .list(let editor): editor.setEditable(editable)
        case .lines(let w, _): w.isEditable = editable
        case .timing(let timing): timing.setEditable(editable)
        case .repeatRule(let repeats): repeats.setEditable(editable)
        case .media(let w, _, let address):
            w.isSensitive = editable
            address.isEditable = editable
        }
    }
}
