import Foundation
import Translation

/// Two calendars of an organization never share a name: members choose one by its name in the
/// apps' filter. Checked when the console writes a calendar and again when the store receives
/// it, so two consoles adding "Youth" offline end with one and a refused change.
enum CalendarNameRule {
    static let reads = [RecordAdmission.Read(entity: EventCalendar.entity, field: "name", from: "name")]

    /// Why `change` may not be stored: another live calendar has its name.
    static func refusal(_ change: RecordChange, lookup: any RecordLookup) throws -> ValidationIssue? {
        guard let name = change.fields["name"]?.stringValue, !name.isEmpty else { return nil }
        let others = try lookup.live(EventCalendar.entity, where: "name", is: name).filter { $0.id != change.id }
        guard let other = others.first else { return nil }
        return ValidationIssue(field: "name", message: tr("another calendar is already called “{name}” ({id}); choose another name",
                                                          ["name": name, "id": other.id]))
    }
}
