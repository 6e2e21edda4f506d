import Foundation
import StewardCore

/// Events and mutations for the tests, built through the core types so the fields are
/// exactly what a console sends.
enum Fixtures {
    static func timed(_ title: String, start: Date, hours: Double = 2, zone: String = "Europe/Paris") -> JSONValue {
        EventDetails(title: title, timing: .timed(start: start, end: start.addingTimeInterval(hours * 3600), timeZone: zone)).syncFields
    }

    static func allDay(_ title: String, first: LocalDate, last: LocalDate) -> JSONValue {
        EventDetails(title: title, timing: .allDay(first: first, last: last)).syncFields
    }

    static func untimed(_ title: String) -> JSONValue {
        EventDetails(title: title, timing: .untimed).syncFields
    }

    static func newRecordId() -> String { UUID().uuidString.lowercased() }

    static func upsert(_ id: Int64, _ recordId: String, base: Int64 = 0, fields: JSONValue? = nil) -> Mutation {
        Mutation(id: id, entity: SyncEntity.event, recordId: recordId, operation: .upsert, baseVersion: base,
                 fields: fields ?? untimed("Event \(recordId.prefix(8))"))
    }

    static func delete(_ id: Int64, _ recordId: String, base: Int64) -> Mutation {
        Mutation(id: id, entity: SyncEntity.event, recordId: recordId, operation: .delete, baseVersion: base, fields: nil)
    }

    /// `count` new untimed events with consecutive mutation ids from `firstId`.
    static func creations(_ count: Int, firstId: Int64 = 1) -> [Mutation] {
        (0..<count).map { upsert(firstId + Int64($0), newRecordId()) }
    }

    static func clientId(_ stem: String = "console") -> String {
        "\(UUID().uuidString.lowercased())/\(stem)"
    }
}
