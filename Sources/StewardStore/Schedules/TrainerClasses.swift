import Foundation
import StewardCore

/// What a trainer profile's reader learns of the mirror: the names of the classes the trainer
/// teaches in the coming four weeks (cancelled and dropped ones left out), matched by the
/// name the schedule gives them, so an app shows "Teaches: Morning Strength, Yoga Flow" under
/// the profile without reading the whole timetable.
enum TrainerClasses {
    static let daysAhead = 28

    static func adding(to items: [JSONValue], org: String, repository: any StoreRepository, now: Date = Date()) async throws -> [JSONValue] {
        let classes = try await repository.liveRecords(
            org: org, entity: RecordType.gymClass.entity,
            startingFrom: Milliseconds.from(now), before: Milliseconds.from(now.addingTimeInterval(Double(daysAhead) * 86_400)),
            limit: ClassScheduleController.maxItems)
        var taught: [String: Set<String>] = [:]
        for record in classes where record.fields["removed"]?.boolValue != true && record.fields["cancelled"]?.boolValue != true {
            guard let trainer = record.fields["trainer"]?.stringValue, let name = record.fields["name"]?.stringValue else { continue }
            taught[RecordType.trainerKey(trainer), default: []].insert(name)
        }
        return items.map { item in
            guard case .object(var members) = item else { return item }
            let key = RecordType.trainerKey(members["name"]?.stringValue ?? "")
            let names = (taught[key] ?? []).sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
            members["classes"] = .array(names.map(JSONValue.string))
            return .object(members)
        }
    }
}
