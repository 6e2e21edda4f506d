import Foundation
import GtkKit
import StewardCore
import Translation

/// The rows of a repeat rule (`FieldKind.repeatRule`) in a record's form: what it repeats by, as
/// calendars offer it for the start typed above ("Weekly on Wednesday", "Monthly on the first
/// Wednesday", …, or a rule of one's own), until which day, and the rule in plain words under
/// them ("Every Wednesday at 19:00 until 2 Jun 2027"). The start comes from the form's timing
/// (`timing`), read again as it is edited.
@MainActor
final class RepeatInput {
    private(set) var rows: [Widget] = []
    private let choiceRow = ActionRow(title: tr("Repeats"))
    private let choices = DropDown(strings: RepeatChoice.allCases.map { $0.title(start: nil) })
    private let untilRow = ActionRow(title: tr("Until"), subtitle: tr("The last day; leave empty to repeat on"))
    private let until = Entry(placeholder: "YYYY-MM-DD")
    private let ruleRow = ActionRow(title: tr("Rule"), subtitle: tr("An iCalendar RRULE, like FREQ=WEEKLY;BYDAY=MO,TH"))
    private let rule = Entry(placeholder: "FREQ=WEEKLY;BYDAY=WE")
    private let summary = Label()
    private let summaryRow: PreferencesRow
    private let zone: TimeZone
    /// The series' timing as typed so far (nil while it does not read).
    var timing: () -> EventTiming? = { nil }
    var onEdited: (() -> Void)?
    private var isFilling = false

    init(zone: TimeZone) {
        self.zone = zone
        summary.xalign = 0
        summary.wrapsAnywhere = true
        summary.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        summary.addCSSClass("caption")
        summary.addCSSClass("dim-label")
        summaryRow = PreferencesRow(child: summary, focusable: false)
        choices.verticalAlignment = .center
        choices.setAccessibleLabel(tr("Repeats"))
        choiceRow.addSuffix(choices)
        // Each entry is named by its row's title (heard once), as a row's activatable widget is.
        for (row, entry) in [(untilRow, until), (ruleRow, rule)] {
            entry.verticalAlignment = .center
            entry.widthChars = 18
            entry.activatesDefault = true
            row.addSuffix(entry)
            row.setActivatableWidget(entry)
            entry.onChanged { [weak self] in self?.edited() }
        }
        rule.widthChars = 26
        rows = [choiceRow, untilRow, ruleRow, summaryRow]
        choices.onSelectionChanged { [weak self] _ in self?.edited() }
        refresh()
    }

    private var choice: RepeatChoice {
        choices.selectedIndex.map { RepeatChoice.allCases[$0] } ?? .never
    }

    /// The rule as chosen: the custom one as typed, the others made for the typed start.
    var value: JSONValue {
        switch choice {
        case .never: return .string("")
        case .custom: return .string(rule.text)
        default:
            guard let timing = timing(), let made = choice.rule(timing: timing, until: untilDay, zone: zone) else {
                // No start to make it from yet: the rule as it stands, for validation to name the start.
                return .string(rule.text)
            }
            return .string(made)
        }
    }

    private var untilDay: LocalDate? { LocalDate(iso: until.text.trimmingCharacters(in: .whitespaces)) }

    func fill(_ stored: JSONValue?) {
        isFilling = true
        defer { isFilling = false }
        let text = stored?.stringValue ?? ""
        let timing = self.timing() ?? .untimed
        let (read, last) = RepeatChoice.reading(text, timing: timing, zone: zone)
        choices.selectedIndex = RepeatChoice.allCases.firstIndex(of: read)
        until.text = last?.description ?? ""
        rule.text = text
        refresh()
    }

    /// The typed start changed: the choices' names and the summary follow it.
    func timingChanged() { refresh() }

    private func edited() {
        guard !isFilling else { return }
        if choice != .custom, choice != .never, let timing = timing(),
           let made = choice.rule(timing: timing, until: untilDay, zone: zone) {
            isFilling = true
            rule.text = made
            isFilling = false
        }
        refresh()
        onEdited?()
    }

    private func refresh() {
        let timing = self.timing()
        let start: LocalDate? = timing.flatMap { timing in
            switch timing {
            case .timed(let start, _, let name): LocalDate(start, in: TimeZone(identifier: name) ?? zone)
            case .allDay(let first, _): first
            case .untimed: nil
            }
        }
        let titles = RepeatChoice.allCases.map { $0.title(start: start) }
        if choices.strings != titles {
            // Replacing the list moves the selection: put it back without taking it for an edit.
            let selected = choices.selectedIndex
            let wasFilling = isFilling
            isFilling = true
            choices.setStrings(titles)
            choices.selectedIndex = selected ?? 0
            isFilling = wasFilling
        }
        untilRow.isVisible = choice != .never && choice != .custom
        ruleRow.isVisible = choice == .custom
        let text = value.stringValue ?? ""
        if text.isEmpty {
            summaryRow.isVisible = false
            return
        }
        summaryRow.isVisible = true
        if let timing, let parsed = try? RepeatRule(text) {
            summary.text = RepeatSummary.text(parsed, timing: timing, zone: zone)
        } else if timing == nil {
            summary.text = tr("Give the event a start to repeat it from.")
        } else {
            summary.text = tr("This rule does not read yet; saving names what is wrong.")
        }
    }

    var focusWidget: Widget { choice == .custom ? rule : choices }

    func setEditable(_ editable: Bool) {
        choices.isSensitive = editable
        until.isEditable = editable
        rule.isEditable = editable
    }
}
