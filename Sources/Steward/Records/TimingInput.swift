import Foundation
import GtkKit
import StewardCore
import Translation

/// The rows of a timing field (`FieldKind.timing`) in a record's form: how it is timed (timed,
/// all day, ongoing), its start, its end and, for timed ones, its zone. Each part has a hidden
/// row under it for its problem, as validation names them by part (`starts`, `ends`,
/// `time-zone`, `timing`). A start and end typed stay in their fields when the kind changes to
/// ongoing, in case it is switched back, but are not sent.
@MainActor
final class TimingInput {
    /// In the order they go into the form's group.
    private(set) var rows: [Widget] = []
    private let timed = ToggleButton(label: trc("event timing", "Timed"))
    private let allDay = ToggleButton(label: trc("event timing", "All day"))
    private let ongoing = ToggleButton(label: trc("event timing", "Ongoing"))
    private let startsRow = ActionRow(title: tr("Starts"))
    private let endsRow = ActionRow(title: tr("Ends"))
    private let zoneRow = ActionRow(title: tr("Time zone"))
    private let starts = Entry()
    private let ends = Entry()
    private let zone = Entry()
    /// By the part validation names: the row the part's problem goes under, the control it
    /// concerns, and the problem's row once there has been one (built then, as a form's).
    private var problems: [String: (under: Widget, control: Widget, shown: (row: Widget, label: Label)?)] = [:]
    private let organizationZone: TimeZone
    var onEdited: (() -> Void)?

    init(organizationZone: TimeZone) {
        self.organizationZone = organizationZone
        let kinds = Box.horizontal()
        kinds.verticalAlignment = .center
        kinds.addCSSClass("linked")
        for toggle in [timed, allDay, ongoing] {
            if toggle !== timed { toggle.setGroup(timed) }
            toggle.setAccessibleLabel(toggle.label ?? "")
            kinds.append(toggle)
        }
        timed.isActive = true
        let kindRow = ActionRow(title: tr("Timing"))
        kindRow.addSuffix(kinds)
        add(kindRow, part: TimingField.Part.timing, control: timed)

        zone.placeholder = organizationZone.identifier
        for (row, entry, part) in [(startsRow, starts, TimingField.Part.starts), (endsRow, ends, TimingField.Part.ends),
                                   (zoneRow, zone, TimingField.Part.timeZone)] {
            entry.verticalAlignment = .center
            entry.widthChars = 18
            entry.activatesDefault = true
            // Named by its row (the row's title, heard once), as a row's activatable widget is.
            row.addSuffix(entry)
            row.setActivatableWidget(entry)
            add(row, part: part, control: entry)
            entry.onChanged { [weak self] in
                self?.showIssue(nil, part: part)
                self?.onEdited?()
            }
        }
        for toggle in [timed, allDay, ongoing] {
            toggle.onToggled { [weak self] active in if active { self?.kindChanged() } }
        }
        kindChanged()
    }

    private func add(_ row: Widget, part: String, control: Widget) {
        rows.append(row)
        problems[part] = (row, control, nil)
    }

    private var kind: EventTiming.Kind {
        get { allDay.isActive ? .allDay : ongoing.isActive ? .untimed : .timed }
        set {
            switch newValue {
            case .timed: timed.isActive = true
            case .allDay: allDay.isActive = true
            case .untimed: ongoing.isActive = true
            }
        }
    }

    private func kindChanged() {
        let kind = kind
        startsRow.isSensitive = kind != .untimed
        endsRow.isSensitive = kind != .untimed
        zoneRow.isSensitive = kind == .timed
        switch kind {
        case .timed:
            starts.placeholder = "2026-12-01 18:00"
            ends.placeholder = "2026-12-01 20:00"
            endsRow.subtitle = tr("Leave empty for one hour")
        case .allDay:
            starts.placeholder = "2026-12-01"
            ends.placeholder = "2026-12-02"
            endsRow.subtitle = tr("Leave empty for a one-day event")
        case .untimed:
            endsRow.subtitle = tr("Ongoing events have no start or end")
        }
        for part in TimingField.Part.all { showIssue(nil, part: part) }
        onEdited?()
    }

    // MARK: value

    /// The timing as typed so far, read as validation reads it; nil while it does not read.
    func typedTiming(limits: TimingLimits) -> EventTiming? {
        var typed = TimingField.Typed(kind: kind)
        if kind != .untimed {
            typed.starts = starts.text
            typed.ends = ends.text
        }
        if kind == .timed { typed.zone = zone.text }
        return typed.timing(organizationZone: organizationZone, limits: limits)
    }

    /// The record's timing keys as typed (see `TimingField.Typed`).
    var value: JSONValue {
        var typed = TimingField.Typed(kind: kind)
        if kind != .untimed {
            typed.starts = starts.text
            typed.ends = ends.text
        }
        if kind == .timed { typed.zone = zone.text }
        return .object(typed.keys)
    }

    /// Shows a stored timing (the record's keys); nil: a new record's, timed and empty.
    func fill(_ stored: JSONValue?) {
        let typed = TimingField.Typed(stored, organizationZone: organizationZone)
        kind = typed.kind
        starts.text = Self.readable(typed.starts)
        ends.text = Self.readable(typed.ends)
        zone.text = typed.zone
        for part in TimingField.Part.all { showIssue(nil, part: part) }
    }

    /// "2026-12-01T18:00" reads better with a space; the core accepts both.
    private static func readable(_ text: String) -> String {
        guard text.count >= 16, text[text.index(text.startIndex, offsetBy: 10)] == "T" else { return text }
        return String(text.prefix(10)) + " " + text.dropFirst(11)
    }

    // MARK: problems, state

    /// The part names validation reports this field's problems under.
    static let parts = TimingField.Part.all

    /// Shows `message` under `part` (nil clears it); returns the control it concerns.
    @discardableResult
    func showIssue(_ message: String?, part: String) -> Widget? {
        guard let problem = problems[part] else { return nil }
        if message == nil && problem.shown?.row.isVisible != true { return problem.control }
        let shown = problem.shown ?? {
            let label = Label()
            label.xalign = 0
            label.wrapsAnywhere = true
            label.setMargins(top: 6, bottom: 6, start: 12, end: 12)
            label.addCSSClass("caption")
            label.addCSSClass("error")
            let row = PreferencesRow(child: label, focusable: false)
            row.addCSSClass("field-error")
            ListBoxRow.insert(row, after: problem.under)
            problems[part]?.shown = (row, label)
            return (row, label)
        }()
        shown.label.text = message ?? ""
        shown.row.isVisible = message != nil
        problem.control.setCSSClass("error", message != nil)
        problem.control.tieProblem(message == nil ? nil : shown.label)
        return problem.control
    }

    var focusWidget: Widget { kind == .untimed ? timed : starts }

    func setEditable(_ editable: Bool) {
        for toggle in [timed, allDay, ongoing] { toggle.isSensitive = editable }
        for entry in [starts, ends, zone] { entry.isEditable = editable }
    }
}
