import Foundation
import GtkKit
import StewardCore
import Translation

/// One date of a repeating event, opened from a calendar view. As Google's and Apple's
/// calendars do, it first asks which dates an edit is for: "This Event" (one date differs in
/// its time, title, place or description), "This and Following" (the series ends before it and
/// goes on as a new one), "All Events" (the series), or cancels the date. The core's series
/// edits (`SeriesEdits`) say what each stores; this only asks and opens the editor.
@MainActor
struct OccurrenceEditing {
    let window: Window
    let events: EventService
    let organization: Organization
    /// What the editor's inputs need (the zone, the organization's calendars).
    let context: FormContext
    let history: HistoryService?
    let toasts: ToastOverlay
    /// Shows an editor (the page keeps one at a time).
    let present: (RecordEditor) -> Void
    /// After a change is stored: the page reloads and selects the event.
    let changed: (Event) -> Void

    private var zone: TimeZone { organization.timeZone }

    /// Asks about the date `key` of `event`; `openWhole` opens the series as the list does (also
    /// for a date the series no longer has, and for an event that happens once).
    func open(_ event: Event, occurrence key: String, openWhole: @escaping (Event) -> Void) {
        guard let occurrence = try? event.details.checkedOccurrence(key, zone: zone) else {
            openWhole(event)
            return
        }
        let when = EventTimingText.describe(occurrence.timing, orgZone: zone)
        let dialog = MessageDialog(parent: window, heading: tr("Edit a Repeating Event"),
                                   body: tr("“{title}” on {when} is one date of a series. Change only this date, this one and the dates after it, or all of them?",
                                            ["title": occurrence.title, "when": when]))
        dialog.addResponse("close", tr("_Close"))
        dialog.addResponse("cancel-date", tr("Cancel This _Date"), appearance: .destructive)
        dialog.addResponse("this", tr("_This Event"))
        dialog.addResponse("following", tr("This and _Following"))
        dialog.addResponse("all", tr("_All Events"), appearance: .suggested)
        dialog.defaultResponse = "this"
        dialog.present { response in
            switch response {
            case "this": editOne(event, occurrence, when: when)
            case "following": editFollowing(event, occurrence, when: when)
            case "all": openWhole(event)
            case "cancel-date": cancel(event, occurrence, when: when)
            default: break
            }
        }
    }

    /// The date's own details in the editor; saving keeps what differs from the series as
    /// that date's change.
    private func editOne(_ event: Event, _ occurrence: EventOccurrence, when: String) {
        let fields = event.details.details(of: occurrence).syncFields
        let extras = RecordEditor.Extras(
            heading: tr("Edit One Date"),
            notice: tr("Changes apply to {when} only; a date of its own may differ in its time, title, place and description.", ["when": when]),
            history: history)
        let (events, org, zone, changed) = (events, organization, zone, changed)
        present(RecordEditor(parent: window, type: .event, organization: org, record: record(event, fields),
                             context: context, canEdit: true, extras: extras) { typed in
            let edited = try EventDetails(typed: typed, organizationZone: zone)
            // The series as it is now: a sync may have brought changes since the dialog opened.
            let series = try await current(event, events)
            let written = try EventDetails(typed: try series.changing(occurrence.occurrence, to: edited, zone: zone).syncFields,
                                           organizationZone: zone)
            changed(try await events.update(event.id, with: written, in: org))
        })
    }

    /// The series from this date on in the editor; saving ends the old series before it and
    /// stores the rest as a new one.
    private func editFollowing(_ event: Event, _ occurrence: EventOccurrence, when: String) {
        var start = event.details.details(of: occurrence)
        start.repeats = EventRepeats(rule: event.details.repeats.rule)
        let extras = RecordEditor.Extras(
            heading: tr("Edit This and Following Dates"),
            notice: tr("Changes apply to {when} and the dates after it: the series ends before it and goes on from it as a new one.", ["when": when]),
            history: history)
        let (events, org, zone, changed) = (events, organization, zone, changed)
        present(RecordEditor(parent: window, type: .event, organization: org, record: record(event, start.syncFields),
                             context: context, canEdit: true, extras: extras) { typed in
            let edited = try EventDetails(typed: typed, organizationZone: zone)
            let series = try await current(event, events)
            var (before, following) = try series.splitting(at: occurrence.occurrence, edited: edited, zone: zone)
            // A rule changed in the editor is the new series' own; unchanged, the split's
            // (which counts only the dates left).
            if edited.repeats.rule != series.repeats.rule { following.repeats.rule = edited.repeats.rule }
            let checkedBefore = try before.map { try EventDetails(typed: $0.syncFields, organizationZone: zone) }
            let checkedFollowing = try EventDetails(typed: following.syncFields, organizationZone: zone)
            changed(try await events.split(event.id, before: checkedBefore, following: checkedFollowing, in: org))
        })
    }

    /// Cancels the date at once, with Undo in the toast.
    private func cancel(_ event: Event, _ occurrence: EventOccurrence, when: String) {
        let (events, org, zone, changed, toasts) = (events, organization, zone, changed, toasts)
        Task {
            do {
                let series = try await current(event, events)
                let written = try EventDetails(typed: try series.cancelling(occurrence.occurrence, zone: zone).syncFields,
                                               organizationZone: zone)
                changed(try await events.update(event.id, with: written, in: org))
                toasts.showToast(tr("{when} cancelled", ["when": when]), button: tr("Undo")) {
                    Task {
                        do {
                            changed(try await events.update(event.id, with: series, in: org))
                        } catch {
                            toasts.showToast(tr("Could not undo: {error}", ["error": "\(error)"]))
                        }
                    }
                }
            } catch let error as ValidationError {
                toasts.showToast(tr("Could not cancel the date: {error}", ["error": error.issues.map(\.message).joined(separator: "; ")]))
            } catch {
                toasts.showToast(tr("Could not cancel the date: {error}", ["error": "\(error)"]))
            }
        }
    }

    private func record(_ event: Event, _ fields: JSONValue) -> LocalRecord {
        LocalRecord(entity: SyncEntity.event, id: event.id, orgId: organization.id, fields: fields)
    }
}

/// The series as stored now; gone (deleted meanwhile) is an error the editor shows.
private func current(_ event: Event, _ events: EventService) async throws -> EventDetails {
    guard let now = try await events.event(id: event.id) else { throw EventStoreError.notFound(event.id) }
    return now.details
}
