import ArgumentParser
import Foundation
import StewardCore

/// How `events add|update` read an event: `--input`, then the options, applied to the event's
/// form as the editor applies what is typed (`add` starts from a blank form, `update` from the
/// stored event's). The options are ArgumentParser's own, so `--help` lists them.
struct EventFieldInput: RecordFieldReader {
    @OptionGroup var input: RecordInputOption
    @OptionGroup(title: "Event fields") var options: EventFieldOptions
    // The id `update` takes; options nobody declared are still ArgumentParser's errors.
    @Argument(help: .hidden) var positionals: [String] = []

    static func fieldsHelp(_ type: RecordType, markingRequired: Bool) -> String? { nil }

    func read(_ type: RecordType, command: String) throws -> (edit: EventFieldEdit, positionals: [String]) {
        (EventFieldEdit(input: try input.object().map(EventJSONInput.init), options: options), positionals)
    }
}

/// An event's `--input` and options, applied to its form.
struct EventFieldEdit: RecordFieldEdit {
    let input: EventJSONInput?
    let options: EventFieldOptions

    var isEmpty: Bool { input == nil && options.isEmpty }

    /// Every field of the edited event: the form checks what was typed (naming the option at
    /// fault) and gives the event's fields.
    func changes(to current: JSONValue?, orgZone: TimeZone) throws -> [String: JSONValue] {
        var form = EventForm()
        if let current { form = EventForm(try EventDetails(syncFields: current), organizationZone: orgZone) }
        try input?.apply(to: &form)
        options.apply(to: &form)
        guard case .object(var fields) = try form.validate(organizationZone: orgZone).syncFields else { return [:] }
        // Series fields, the reminder, the calendar and the campus tags are left out when empty; as changes they
        // must say so, or the stored rule, reminder or calendar would stay.
        for key in EventRepeats.fieldNames + ["remindBefore", "calendar", "campus", "ministry"] where fields[key] == nil { fields[key] = .null }
        return fields
    }
}
