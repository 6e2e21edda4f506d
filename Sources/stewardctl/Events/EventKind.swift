import ArgumentParser
import Foundation
import StewardCore
import Translation

/// `stewardctl events` is the kit's generic commands; what scripts knew of events before the
/// kit stays as it was, supplied here: the options (`--starts`, `--link`, `--all-day`, …) and
/// `--input`'s older keys (`EventFieldInput`), the list's orders (`EventListOrder`), and the JSON
/// keys and text people and scripts read (`EventOutput`).
enum EventKind: RecordKind {
    static var type: RecordType { .event }
    typealias FieldReader = EventFieldInput
    typealias ListOrder = EventListOrder
    typealias Scope = EventOccurrenceScope
    static var specialCommands: [any ParsableCommand.Type] { [EventsOccurrences.self, EventsExport.self, EventsImport.self] }

    static func printer(org: Organization, service: RecordService) async throws -> any RecordPrinter {
        EventOutput(org: org)
    }

    static func malformedID(_ text: String) -> String {
        tr("must be an event id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f (got \"{value}\")", ["value": text])
    }
}
