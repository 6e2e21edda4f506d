import Foundation
import Translation

/// The names of the calendar groups' declaration that other code reads.
public enum EventCalendar {
    public static let entity = "eventCalendar"
}

extension RecordType {
    /// One of the organization's own calendars ("Sunday Services", "Youth", "Outreach"): events
    /// name the one they belong to (`calendar`), the calendar views show its colour, and members
    /// read the list whole (`/calendars`) to filter by it.
    public static let eventCalendar = RecordType(
        entity: EventCalendar.entity, commandName: "calendars", module: .events,
        nouns: RecordNouns(trLater("calendar"), trLater("calendars"), title: trLater("Calendar"),
                           pluralTitle: trLater("Calendars"),
                           counted: { trn("{count} calendar", "{count} calendars", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 100), [.required, .listed, .searchable],
                      help: trLater("The calendar's name as members see it, like \"Sunday Services\".")),
            FieldSpec("colour", trLater("Colour"), .choice(CalendarColour.words), [.required, .listed],
                      help: trLater("The colour its events show in: blue, green, yellow, orange, red, purple or brown."),
                      default: .string(CalendarColour.blue.rawValue))
                .showingChoices(CalendarColour.title(ofWord:)),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 2000), [.searchable],
                      help: trLater("What events it holds.")),
        ],
        // Members read them whole (`MemberReads.wholeList`, the default): a handful at most.
        titleField: "name", orderField: "name")
        .admitted(reading: CalendarNameRule.reads) { change, lookup, _ in try CalendarNameRule.refusal(change, lookup: lookup) }
}
