import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import StewardCredentials
import Translation

/// What every schedule command opens: the database, the organization, the service.
struct ScheduleContext {
    var database: AppDatabase
    var org: Organization
    var service: ScheduleService

    static func open(_ global: GlobalOptions, _ org: OrganizationOption) async throws -> ScheduleContext {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        return ScheduleContext(database: database, org: organization,
                               service: ScheduleService(database: database, credentials: LazyCredentialStore()))
    }

    /// A source id as typed: the whole id, or a prefix only one source starts with.
    func sourceId(_ text: String) async throws -> UUID {
        let typed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let id = UUID(uuidString: typed) { return id }
        let matches = try await service.sources(in: org).filter { $0.id.uuidString.lowercased().hasPrefix(typed) }
        guard !typed.isEmpty, matches.count == 1 else {
            throw CLIError.usage("source-id: " + tr("\"{value}\" names no single schedule source; see `{command}`",
                                                    ["value": text, "command": "stewardctl schedule sources list"]))
        }
        return matches[0].id
    }
}

/// `--from`/`--to` days (or date-times) in the gym's zone.
enum ScheduleDate {
    /// The start of the day, or the instant given.
    static func start(_ text: String, option: String, zone: TimeZone) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let day = LocalDate(iso: trimmed) { return day.startOfDay(in: zone) }
        if let instant = DateTimeText.parse(trimmed, zone: zone) { return instant }
        throw CLIError.usage(option + ": " + tr("must be a date like 2026-12-06 (got \"{value}\")", ["value": text]))
    }

    /// `--from` and `--to` as a span: `to`'s day counts whole, and it may not come before `from`.
    static func range(from: String, to: String, zone: TimeZone) throws -> (start: Date, end: Date) {
        let start = try start(from, option: "from", zone: zone)
        let end = try end(to, option: "to", zone: zone)
        guard start < end else {
            throw CLIError.usage("to: " + tr("must not be before --from ({from})", ["from": from]))
        }
        return (start, end)
    }

    /// A day counts whole: the end is the next day's start. A date-time is taken as given.
    static func end(_ text: String, option: String, zone: TimeZone) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let day = LocalDate(iso: trimmed) { return day.adding(days: 1).startOfDay(in: zone) }
        return try start(text, option: option, zone: zone)
    }
}
