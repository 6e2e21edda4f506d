import GtkKit
import StewardCore
import Translation

/// Maps the editor's widgets to an `EventForm` and back, and shows validation issues next to
/// the fields they concern.
///
/// The core decides what is valid; this only carries text. Every field row in
/// `event-editor.ui` is followed by a hidden error row (`<field>_error_row`) whose label gets
/// the issue's message, while the field's row takes the "error" style.
@MainActor
final class EventFormBinding {
    @MainActor
    private enum Input {
        case entryRow(EntryRow)
        case entry(Entry)
        case textView(TextView)
        case spin(SpinButton)

        var widget: Widget {
            switch self {
            case .entryRow(let w): w
            case .entry(let w): w
            case .textView(let w): w
            case .spin(let w): w
            }
        }

        var text: String {
            get {
                switch self {
                case .entryRow(let w): return w.text
                case .entry(let w): return w.text
                case .textView(let w): return w.text
                case .spin(let w):
                    w.commitTypedText()
                    return w.intValue == 0 ? "" : String(w.intValue)
                }
            }
        }

        func setText(_ text: String) {
            switch self {
            case .entryRow(let w): w.text = text
            case .entry(let w): w.text = text
            case .textView(let w): w.text = text
            case .spin(let w): w.intValue = Int(text) ?? 0
            }
        }
    }

    /// One field: its name in validation issues, its visible label, its widgets.
    private struct Slot {
        let field: String
        let label: String
        let row: Widget
        let input: Input
        let errorRow: Widget
        let errorLabel: Label
    }

    /// In the order the fields appear, which is the order "first invalid field" follows.
    private let layout: [(field: String, id: String, label: String)] = [
        (EventField.title, "title", tr("Title")),
        (EventField.description, "description", tr("Description")),
        (EventField.host, "host", tr("Host")),
        (EventField.starts, "starts", tr("Starts")),
        (EventField.ends, "ends", tr("Ends")),
        (EventField.timeZone, "time_zone", tr("Time zone")),
        (EventField.locationName, "location_name", tr("Location")),
        (EventField.address, "address", tr("Address")),
        (EventField.latitude, "latitude", tr("Latitude")),
        (EventField.longitude, "longitude", tr("Longitude")),
        (EventField.imageURL, "image_url", tr("Image URL")),
        (EventField.links, "links", tr("Links")),
        (EventField.audience, "audience", tr("Audience tags")),
        (EventField.stampValue, "stamp_value", tr("Stamp value")),
        (EventField.contactName, "contact_name", tr("Contact name")),
        (EventField.contactEmail, "contact_email", tr("Contact email")),
        (EventField.contactPhone, "contact_phone", tr("Contact phone")),
    ]

    private var slots: [Slot] = []
    private let timed: ToggleButton
    private let allDay: ToggleButton
    private let ongoing: ToggleButton
    private let rideSharing: Switch
    private let startsRow: ActionRow
    private let endsRow: ActionRow
    private let timeZoneRow: ActionRow
    private let startsEntry: Entry
    private let endsEntry: Entry

    init(ui: Builder, organization: Organization) {
        timed = ui.object("timed_toggle")
        allDay = ui.object("all_day_toggle")
        ongoing = ui.object("ongoing_toggle")
        rideSharing = ui.object("ride_sharing_switch")
        startsRow = ui.object("starts_row")
        endsRow = ui.object("ends_row")
        timeZoneRow = ui.object("time_zone_row")
        startsEntry = ui.object("starts_entry")
        endsEntry = ui.object("ends_entry")

        for (field, id, label) in layout {
            let input: Input
            if let row = ui.lookup("\(id)_row", as: EntryRow.self) {
                row.activatesDefault = true
                input = .entryRow(row)
            } else if let entry = ui.lookup("\(id)_entry", as: Entry.self) {
                input = .entry(entry)
            } else if let view = ui.lookup("\(id)_view", as: TextView.self) {
                input = .textView(view)
            } else {
                input = .spin(ui.object("\(id)_spin", as: SpinButton.self))
            }
            slots.append(Slot(field: field, label: label, row: ui.object("\(id)_row"), input: input,
                              errorRow: ui.object("\(id)_error_row"), errorLabel: ui.object("\(id)_error")))
        }
        ui.object("time_zone_entry", as: Entry.self).placeholder = organization.timeZoneIdentifier

        // Editing a field that shows a problem clears the problem; the next save checks again.
        for slot in slots {
            let clear: @MainActor () -> Void = { [weak self] in self?.clearIssue(slot.field) }
            switch slot.input {
            case .entryRow(let w): w.onChanged(clear)
            case .entry(let w): w.onChanged(clear)
            case .textView(let w): w.onChanged(clear)
            case .spin(let w): w.onValueChanged { _ in clear() }
            }
        }
        for toggle in [timed, allDay, ongoing] {
            toggle.onToggled { [weak self] active in if active { self?.timingKindChanged() } }
        }
        timingKindChanged()
    }

    // MARK: widgets <-> form

    var timingKind: EventTiming.Kind {
        get { allDay.isActive ? .allDay : ongoing.isActive ? .untimed : .timed }
        set {
            switch newValue {
            case .timed: timed.isActive = true
            case .allDay: allDay.isActive = true
            case .untimed: ongoing.isActive = true
            }
        }
    }

    func fill(_ form: EventForm) {
        timingKind = form.timingKind
        let values: [String: String] = [
            EventField.title: form.title, EventField.description: form.description,
            EventField.host: form.host, EventField.starts: Self.readable(form.starts),
            EventField.ends: Self.readable(form.ends), EventField.timeZone: form.timeZone,
            EventField.locationName: form.locationName, EventField.address: form.address,
            EventField.latitude: form.latitude, EventField.longitude: form.longitude,
            EventField.imageURL: form.imageURL, EventField.links: form.links,
            EventField.audience: form.audience, EventField.stampValue: form.stampValue,
            EventField.contactName: form.contactName, EventField.contactEmail: form.contactEmail,
            EventField.contactPhone: form.contactPhone,
        ]
        for slot in slots { slot.input.setText(values[slot.field] ?? "") }
        rideSharing.isActive = form.rideSharing
        clearIssues()
    }

    /// What is typed, as a form for the core to check. Start and end are left out for an
    /// ongoing event (but stay in their fields, in case the kind is switched back).
    func form() -> EventForm {
        var text: [String: String] = [:]
        for slot in slots { text[slot.field] = slot.input.text }
        var form = EventForm()
        form.title = text[EventField.title] ?? ""
        form.description = text[EventField.description] ?? ""
        form.host = text[EventField.host] ?? ""
        form.timingKind = timingKind
        if timingKind != .untimed {
            form.starts = text[EventField.starts] ?? ""
            form.ends = text[EventField.ends] ?? ""
        }
        if timingKind == .timed { form.timeZone = text[EventField.timeZone] ?? "" }
        form.locationName = text[EventField.locationName] ?? ""
        form.address = text[EventField.address] ?? ""
        form.latitude = text[EventField.latitude] ?? ""
        form.longitude = text[EventField.longitude] ?? ""
        form.imageURL = text[EventField.imageURL] ?? ""
        form.links = text[EventField.links] ?? ""
        form.audience = text[EventField.audience] ?? ""
        form.stampValue = text[EventField.stampValue] ?? ""
        form.rideSharing = rideSharing.isActive
        form.contactName = text[EventField.contactName] ?? ""
        form.contactEmail = text[EventField.contactEmail] ?? ""
        form.contactPhone = text[EventField.contactPhone] ?? ""
        return form
    }

    /// "2026-12-01T18:00" reads better with a space; the core accepts both.
    private static func readable(_ dateTime: String) -> String {
        guard dateTime.count >= 16, dateTime[dateTime.index(dateTime.startIndex, offsetBy: 10)] == "T" else { return dateTime }
        var text = dateTime
        text.replaceSubrange(text.index(text.startIndex, offsetBy: 10)...text.index(text.startIndex, offsetBy: 10), with: " ")
        return text
    }

    /// Looking only: every field shows its value but takes no typing, and no switch or
    /// toggle moves.
    func setReadOnly(_ readOnly: Bool) {
        for slot in slots {
            switch slot.input {
            case .entryRow(let w): w.isEditable = !readOnly
            case .entry(let w): w.isEditable = !readOnly
            case .textView(let w): w.isEditable = !readOnly
            case .spin(let w):
                w.isEditable = !readOnly
                w.isSensitive = !readOnly
            }
        }
        for toggle in [timed, allDay, ongoing] { toggle.isSensitive = !readOnly }
        rideSharing.isSensitive = !readOnly
    }

    // MARK: timing kind

    private func timingKindChanged() {
        let kind = timingKind
        startsRow.isSensitive = kind != .untimed
        endsRow.isSensitive = kind != .untimed
        timeZoneRow.isSensitive = kind == .timed
        switch kind {
        case .timed:
            startsEntry.placeholder = "2026-12-01 18:00"
            endsEntry.placeholder = "2026-12-01 20:00"
            endsRow.subtitle = tr("Leave empty for one hour")
        case .allDay:
            startsEntry.placeholder = "2026-12-01"
            endsEntry.placeholder = "2026-12-02"
            endsRow.subtitle = tr("Leave empty for a one-day event")
        case .untimed:
            endsRow.subtitle = tr("Ongoing events have no start or end")
        }
        for field in [EventField.starts, EventField.ends, EventField.timeZone] { clearIssue(field) }
    }

    // MARK: issues

    /// Shows every issue under its field and returns the first invalid field's input.
    @discardableResult
    func show(_ error: ValidationError) -> Widget? {
        clearIssues()
        var messages: [String: [String]] = [:]
        for issue in error.issues {
            // An issue about a field the editor does not show goes under the title, named.
            if slots.contains(where: { $0.field == issue.field }) {
                messages[issue.field, default: []].append(issue.message)
            } else {
                messages[EventField.title, default: []].append("\(issue.field): \(issue.message)")
            }
        }
        var first: Widget?
        for slot in slots {
            guard let list = messages[slot.field] else { continue }
            // The core words issues to follow a field name ("must be after the start"); under
            // the field itself they read as a sentence of their own.
            let text = list.map(Self.sentence).joined(separator: "\n")
            slot.errorLabel.text = text
            slot.errorRow.isVisible = true
            slot.row.addCSSClass("error")
            slot.input.widget.addCSSClass("error")
            // Screen readers read the problem with the field.
            slot.input.widget.tieProblem(slot.errorLabel)
            if first == nil { first = slot.input.widget }
        }
        return first
    }

    private static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        return first.uppercased() + message.dropFirst()
    }

    func clearIssues() {
        for slot in slots { clear(slot) }
    }

    private func clearIssue(_ field: String) {
        for slot in slots where slot.field == field { clear(slot) }
    }

    private func clear(_ slot: Slot) {
        guard slot.errorRow.isVisible else { return }
        slot.errorRow.isVisible = false
        slot.errorLabel.text = ""
        slot.row.removeCSSClass("error")
        slot.input.widget.removeCSSClass("error")
        slot.input.widget.tieProblem(nil)
    }
}
