import Foundation
import StewardCore
import Translation

/// The console's publishes to each organization's calendar, whether asked for (Publish Now) or
/// after a sync: one at a time per organization, run off the main thread, and the last result of
/// each in plain words while the console runs, for Preferences' status line.
@MainActor
final class CalendarPublishRuns {
    static let shared = CalendarPublishRuns()

    private(set) var lastResults: [UUID: String] = [:]
    private var running: Set<UUID> = []
    /// Told when a publish starts or ends for the organization (Preferences, while open).
    var onChange: ((UUID) -> Void)?

    func isRunning(_ org: Organization) -> Bool { running.contains(org.id) }

    /// Publishes `org`'s events to its calendar, after `before` (keeping what was typed), unless a
    /// publish of it is already running.
    func publish(_ org: Organization, service: CalendarPublishingService, before: (() async throws -> Void)? = nil) {
        guard !running.contains(org.id) else { return }
        running.insert(org.id)
        onChange?(org.id)
        Task {
            let shown: String
            do {
                try await before?()
                shown = Self.text(of: try await service.publish(org))
            } catch {
                shown = tr("Not published: {problem}", ["problem": "\(error)"])
            }
            lastResults[org.id] = shown
            running.remove(org.id)
            onChange?(org.id)
        }
    }

    /// After a sync that reached its end: publishes when the organization asked for that.
    func publishAfterSync(_ org: Organization, service: CalendarPublishingService) {
        Task {
            guard (try? await service.settings(for: org))?.publishesAfterSync == true else { return }
            publish(org, service: service)
        }
    }

    /// The summary's figures, and in plain words what was not published.
    static func text(of result: CalendarPublishResult) -> String {
        var lines = [tr("{added} added, {updated} updated, {removed} removed, {unchanged} unchanged",
                        ["added": String(result.added.count), "updated": String(result.updated.count),
                         "removed": String(result.removed.count), "unchanged": String(result.unchanged)])]
        if !result.conflicts.isEmpty {
            lines.append(trn("{count} event was changed on the calendar server since the last publish and was left as it is there: {titles}",
                             "{count} events were changed on the calendar server since the last publish and were left as they are there: {titles}",
                             result.conflicts.count, ["titles": result.conflicts.map(\.title).joined(separator: ", ")]))
        }
        if !result.failures.isEmpty {
            lines.append(trn("{count} event was refused by the calendar server: {titles}",
                             "{count} events were refused by the calendar server: {titles}",
                             result.failures.count, ["titles": result.failures.map { "\($0.title) (\($0.reason))" }.joined(separator: ", ")]))
        }
        return lines.joined(separator: "\n")
    }
}
