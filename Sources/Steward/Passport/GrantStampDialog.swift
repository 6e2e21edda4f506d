import Foundation
import GtkKit
import StewardCore
import Translation

/// Grant Stamp: a member, an event and a required note, one at a time; or, given e-mail
/// addresses (chosen members, a CSV file), the event and the note for all of them, with a
/// preview of who gets a stamp, who has one already and which addresses are no member's,
/// read before Grant writes anything. A refusal (no note, a stamp already held) shows in the
/// window and everything chosen and typed stays.
@MainActor
final class GrantStampDialog {
    typealias Grant = @MainActor (_ member: UUID, _ event: UUID, _ note: String) async throws -> Void
    typealias Preview = @MainActor (_ event: UUID) async throws -> StampImportPreview

    private let window: Window
    private let memberChoice: DropDown
    private let eventChoice: DropDown
    private let noteEntry: Entry
    private let problemLabel: Label
    private let previewLabel: Label
    private let grantButton: Button
    private let members: [PassportOverview.Standing]
    private let events: [PassportOverview.StampEvent]
    private let grant: Grant
    private let preview: Preview?
    private var previewRequest = 0
    private var isGranting = false
    private var isClosed = false
    var onClosed: (() -> Void)?

    /// One member at a time when `emails` is nil; else a bulk grant to those addresses, from
    /// `source` (a file's name, "3 chosen members").
    init(parent: Window, organization: Organization, overview: PassportOverview, emails: [String]? = nil,
         source: String = "", member: String? = nil, preview: Preview? = nil, grant: @escaping Grant) {
        let ui = Builder(resource: ResourceBundle.path("Passport/passport-grant.ui"))
        window = ui.object("grant_window")
        memberChoice = ui.object("member_choice")
        eventChoice = ui.object("event_choice")
        noteEntry = ui.object("note_entry")
        problemLabel = ui.object("problem_label")
        previewLabel = ui.object("preview_label")
        grantButton = ui.object("grant_button")
        members = overview.standings
        events = overview.stampEvents
        self.grant = grant
        self.preview = preview
        window.setTransientFor(parent)

        let heading = emails == nil ? tr("Grant Stamp") : tr("Grant Stamps")
        window.title = "\(heading) — \(organization.name)"
        let title: WindowTitle = ui.object("grant_title")
        title.title = heading
        title.subtitle = organization.name
        memberChoice.setStrings([tr("Choose a member…")] + members.map { standing in
            standing.name.isEmpty ? standing.email : "\(standing.name) <\(standing.email)>"
        })
        memberChoice.enableSearch()
        // The member chosen on the page, if one was.
        if let member, let index = members.firstIndex(where: { $0.member == member }) { memberChoice.selectedIndex = index + 1 }
        eventChoice.setStrings([tr("Choose an event…")] + events.map { event in
            event.startsAt.map { "\(event.title) — \(DatePatternText.format($0, "d MMM yyyy", zone: organization.timeZone))" } ?? event.title
        })
        if let emails {
            memberChoice.isVisible = false
            ui.object("member_caption", as: Label.self).isVisible = false
            let sourceLabel: Label = ui.object("source_label")
            sourceLabel.text = trn("{count} e-mail address from {source}. Choose the event: the preview shows who gets a stamp before anything is written.",
                                   "{count} e-mail addresses from {source}. Choose the event: the preview shows who gets a stamp before anything is written.",
                                   emails.count, ["count": String(emails.count), "source": source])
            sourceLabel.isVisible = true
            grantButton.isSensitive = false
        }

        let actions = ActionGroup()
        actions.addAction("grant") { [weak self] in self?.submit() }
        actions.addAction("cancel") { [weak self] in self?.window.close() }
        window.insertActionGroup(actions, prefix: "grant")
        window.onCloseRequest { [weak self] in
            self?.finish()
            return false
        }
        noteEntry.onChanged { [weak self] in self?.problemLabel.isVisible = false }
        memberChoice.onSelectionChanged { [weak self] _ in self?.problemLabel.isVisible = false }
        eventChoice.onSelectionChanged { [weak self] _ in
            self?.problemLabel.isVisible = false
            self?.showPreview()
        }
    }

    func present() {
        window.present()
        _ = (memberChoice.isVisible && chosenMember == nil ? memberChoice : eventChoice).grabFocus()
    }

    private var chosenMember: PassportOverview.Standing? {
        guard let index = memberChoice.selectedIndex, index > 0, index - 1 < members.count else { return nil }
        return members[index - 1]
    }

    private var chosenEvent: PassportOverview.StampEvent? {
        guard let index = eventChoice.selectedIndex, index > 0, index - 1 < events.count else { return nil }
        return events[index - 1]
    }

    /// What a bulk grant would do for the chosen event; Grant waits for it.
    private func showPreview() {
        guard let preview else { return }
        previewRequest += 1
        let request = previewRequest
        grantButton.isSensitive = false
        guard let event = chosenEvent else {
            previewLabel.isVisible = false
            return
        }
        Task {
            do {
                let found = try await preview(event.id)
                guard request == previewRequest else { return }
                previewLabel.text = Self.text(of: found)
                previewLabel.isVisible = true
                grantButton.isSensitive = !found.granted.isEmpty
                grantButton.label = trn("_Grant to {count} Member", "_Grant to {count} Members", found.granted.count)
            } catch {
                guard request == previewRequest else { return }
                show(problem: Self.message(of: error))
            }
        }
    }

    /// The preview as the person reads it: three lists, each with its count.
    static func text(of preview: StampImportPreview) -> String {
        var parts: [String] = []
        parts.append(trn("{count} member gets a stamp:", "{count} members get a stamp:", preview.granted.count))
        parts += preview.granted.map { "  \($0.name.isEmpty ? $0.email : "\($0.name) <\($0.email)>")" }
        if !preview.alreadyStamped.isEmpty {
            parts.append(trn("{count} member has one already (left as is):", "{count} members have one already (left as is):",
                             preview.alreadyStamped.count))
            parts += preview.alreadyStamped.map { "  \($0.person.name.isEmpty ? $0.person.email : "\($0.person.name) <\($0.person.email)>")" }
        }
        if !preview.unknown.isEmpty {
            parts.append(trn("{count} address is no member’s (skipped):", "{count} addresses are no member’s (skipped):",
                             preview.unknown.count))
            parts += preview.unknown.map { "  \($0)" }
        }
        return parts.joined(separator: "\n")
    }

    private func submit() {
        guard !isGranting else { return }
        let bulk = preview != nil
        if !bulk && chosenMember == nil {
            show(problem: tr("Choose the member who gets the stamp."), focus: memberChoice)
            return
        }
        guard let event = chosenEvent else {
            show(problem: tr("Choose the event the stamp is for."), focus: eventChoice)
            return
        }
        let note = noteEntry.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if note.isEmpty {
            show(problem: tr("Write a note saying why staff grant this stamp (a forgotten phone, the paper sign-in sheet): the ledger keeps it."),
                 focus: noteEntry)
            return
        }
        let member = chosenMember.flatMap { UUID(uuidString: $0.member) } ?? UUID()
        isGranting = true
        grantButton.isSensitive = false
        Task {
            defer {
                isGranting = false
                grantButton.isSensitive = true
            }
            do {
                try await grant(member, event.id, note)
                window.close()
            } catch {
                show(problem: Self.message(of: error))
            }
        }
    }

    private func show(problem: String, focus: Widget? = nil) {
        problemLabel.text = problem
        problemLabel.isVisible = true
        _ = focus?.grabFocus()
    }

    private static func message(of error: Error) -> String {
        if let refusal = error as? ValidationError {
            return refusal.issues.map { RecordText.sentence($0.message) }.joined(separator: "\n")
        }
        return tr("Could not grant the stamp: {error}", ["error": "\(error)"])
    }

    private func finish() {
        guard !isClosed else { return }
        isClosed = true
        onClosed?()
    }
}
