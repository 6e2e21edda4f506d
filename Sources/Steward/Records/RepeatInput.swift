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
    /// The Repeats row; the others (`Further`) follow it once a repeat is chosen.
    let choiceRow = ActionRow(title: tr("Repeats"))
    /// The drop-down of choices. A drop-down builds its list's rows as it is made: on an event
    /// editor those were a sixth of the window's widgets, so it is made once the editor has
    /// first been painted (`finishBuilding`), or sooner when something needs it. Until then
    /// `chosen` and `titles` hold what it will show.
    private var builtChoices: DropDown?
    private var chosen: RepeatChoice = .never
    private var titles = RepeatChoice.allCases.map { $0.title(start: nil) }
    /// The rows under the choice: until which day, the rule as typed, the rule in words. Most
    /// events happen once, so they are built the first time a repeat is chosen or read.
    @MainActor
    private final class Further {
        let untilRow = ActionRow(title: tr("Until"), subtitle: tr("The last day; leave empty to repeat on"))
        let until = Entry(placeholder: "YYYY-MM-DD")
        let ruleRow = ActionRow(title: tr("Rule"), subtitle: tr("An iCalendar RRULE, like FREQ=WEEKLY;BYDAY=MO,TH"))
        let rule = Entry(placeholder: "FREQ=WEEKLY;BYDAY=WE")
        let summary = Label()
        let summaryRow: PreferencesRow

        init(onEdited: @escaping @MainActor @Sendable () -> Void) {
            summary.xalign = 0
            summary.wrapsAnywhere = true
            summary.setMargins(top: 6, bottom: 6, start: 12, end: 12)
            summary.addCSSClass("caption")
            summary.addCSSClass("dim-label")
            summaryRow = PreferencesRow(child: summary, focusable: false)
            // Each entry is named by its row's title (heard once), as a row's activatable widget is.
            for (row, entry) in [(untilRow, until), (ruleRow, rule)] {
                entry.verticalAlignment = .center
                entry.widthChars = 18
                entry.activatesDefault = true
                row.addSuffix(entry)
                row.setActivatableWidget(entry)
                entry.onChanged(onEdited)
            }
            rule.widthChars = 26
        }

        var rows: [Widget] { [untilRow, ruleRow, summaryRow] }
    }
    private var builtFurther: Further?
    /// Where the further rows go when they are built: after the rows given so far.
    var addRows: (([Widget]) -> Void)?
    private var isEditable = true
    private let zone: TimeZone
    /// The series' timing as typed so far (nil while it does not read).
    var timing: () -> EventTiming? = { nil }
    var onEdited: (() -> Void)?
    private var isFilling = false

    init(zone: TimeZone) {
        self.zone = zone
    }

    /// Makes the drop-down now if it is not made yet (see `builtChoices`).
    func finishBuilding() { _ = choices }

    private var choices: DropDown {
        if let builtChoices { return builtChoices }
        let made = DropDown(strings: titles)
        made.selectedIndex = RepeatChoice.allCases.firstIndex(of: chosen)
        made.verticalAlignment = .center
        made.setAccessibleLabel(tr("Repeats"))
        made.isSensitive = isEditable
        choiceRow.addSuffix(made)
        made.onSelectionChanged { [weak self, weak made] _ in
            guard let self, let made else { return }
            self.chosen = made.selectedIndex.map { RepeatChoice.allCases[$0] } ?? .never
            self.edited()
        }
        builtChoices = made
        return made
    }

    private var further: Further {
        if let builtFurther { return builtFurther }
        let made = Further { [weak self] in self?.edited() }
        made.until.isEditable = isEditable
        made.rule.isEditable = isEditable
        builtFurther = made
        addRows?(made.rows)
        return made
    }

    private var choice: RepeatChoice { chosen }

    /// The rule as chosen: the custom one as typed, the others made for the typed start.
    var value: JSONValue {
        switch choice {
        case .never: return .string("")
        case .custom: return .string(further.rule.text)
        default:
            guard let timing = timing(), let made = choice.rule(timing: timing, until: untilDay, zone: zone) else {
                // No start to make it from yet: the rule as it stands, for validation to name the start.
                return .string(further.rule.text)
            }
            return .string(made)
        }
    }

    private var untilDay: LocalDate? { LocalDate(iso: further.until.text.trimmingCharacters(in: .whitespaces)) }

    func fill(_ stored: JSONValue?) {
        isFilling = true
        defer { isFilling = false }
        let text = stored?.stringValue ?? ""
        let timing = self.timing() ?? .untimed
        let (read, last) = RepeatChoice.reading(text, timing: timing, zone: zone)
        chosen = read
        builtChoices?.selectedIndex = RepeatChoice.allCases.firstIndex(of: read)
        if read != .never || builtFurther != nil {
            further.until.text = last?.description ?? ""
            further.rule.text = text
        }
        refresh()
    }

    /// The typed start changed: the choices' names and the summary follow it.
    func timingChanged() { refresh() }

    private func edited() {
        guard !isFilling else { return }
        if choice != .custom, choice != .never, let timing = timing(),
           let made = choice.rule(timing: timing, until: untilDay, zone: zone) {
            isFilling = true
            further.rule.text = made
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
        if self.titles != titles {
            self.titles = titles
            // Only the titles that name the start change: the item shown (most often "Does not
            // repeat") is not rebuilt, and a selection moved on the way is not taken for an edit.
            let wasFilling = isFilling
            isFilling = true
            builtChoices?.updateStrings(titles)
            isFilling = wasFilling
        }
        guard choice != .never || builtFurther != nil else { return }
        let further = self.further
        further.untilRow.isVisible = choice != .never && choice != .custom
        further.ruleRow.isVisible = choice == .custom
        let text = value.stringValue ?? ""
        if text.isEmpty {
            further.summaryRow.isVisible = false
            return
        }
        further.summaryRow.isVisible = true
        if let timing, let parsed = try? RepeatRule(text) {
            further.summary.text = RepeatSummary.text(parsed, timing: timing, zone: zone)
        } else if timing == nil {
            further.summary.text = tr("Give the event a start to repeat it from.")
        } else {
            further.summary.text = tr("This rule does not read yet; saving names what is wrong.")
        }
    }

    var focusWidget: Widget { choice == .custom ? further.rule : choices }

    func setEditable(_ editable: Bool) {
        isEditable = editable
        builtChoices?.isSensitive = editable
        builtFurther?.until.isEditable = editable
        builtFurther?.rule.isEditable = editable
    }
}
