import Foundation
import GtkKit
import StewardCore
import Translation

/// The Passport page: the stamp ledger, the members' totals and levels, and the leaderboard,
/// all read from the ledger (`PassportOverview`); Grant Stamp, Revoke, bulk grants (from
/// chosen members or a CSV of e-mails, previewed before anything is written) through
/// `StampLedger`; and an event's check-in code full screen for a projector. Every write is a
/// local entry with an outbox entry, sent by the next sync.
@MainActor
final class PassportPage: ModulePage {
    let widget: Widget
    private let header: Widget
    private let switcherTitle: Widget
    private let backButton: Button
    private let ledger: StampLedger
    private let database: AppDatabase
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    /// Over the views until the organization's ledger is read: never empty tables meanwhile.
    private let loading: LoadingPage
    private let ledgerPane = StampLedgerPane()
    private let membersPane = PassportMembersPane()
    private let leaderboardPane = LeaderboardPane()
    private let insightsPane = PassportInsightsPane()
    private let actions = ActionGroup()
    private var grantAction: Action?
    private var importAction: Action?
    private var codeAction: Action?
    private var organization: Organization?
    private var overview = PassportOverview()
    private var loadRequest = 0
    private var canEdit = true
    /// Dialogs and the code screen, kept while shown.
    private var grantDialog: GrantStampDialog?
    private var codeWindow: CheckInCodeWindow?
    private var csvChooser: FileChooser?
    private var passportWindow: MemberPassportWindow?

    var onLocalChange: (() -> Void)?

    init(database: AppDatabase, window: ApplicationWindow, toasts _: ToastOverlay) {
        self.database = database
        ledger = StampLedger(database: database)
        self.window = window
        let ui = Builder(resource: ResourceBundle.path("Passport/passport-page.ui"))
        // The page's own overlay: its toasts show above the view switcher at the bottom.
        toasts = ui.object("page_toasts")
        widget = ui.object("passport_page")
        header = ui.object("page_header")
        switcherTitle = ui.object("switcher_title")
        backButton = ui.object("back_button")
        loading = LoadingPage(in: ui.object("load_stack"), pages: ["content"])
        ui.object("ledger_holder", as: Box.self).append(ledgerPane.widget)
        ui.object("members_holder", as: Box.self).append(membersPane.widget)
        ui.object("leaderboard_holder", as: Box.self).append(leaderboardPane.widget)
        ui.object("insights_holder", as: Box.self).append(insightsPane.widget)
        for pane in [ledgerPane.widget, membersPane.widget, leaderboardPane.widget, insightsPane.widget] { pane.vexpand = true }
        grantAction = actions.addAction("grant") { [weak self] in self?.grant() }
        importAction = actions.addAction("import") { [weak self] in self?.chooseCSV() }
        codeAction = actions.addAction("code") { [weak self] in self?.chooseCodeEvent() }
        widget.insertActionGroup(actions, prefix: "passport")
        ledgerPane.revokeButton.onClicked { [weak self] in self?.revoke() }
        ledgerPane.onSelectionChanged = { [weak self] in self?.updateButtons() }
        membersPane.grantButton.onClicked { [weak self] in self?.grantToSelected() }
        membersPane.choiceButton.onClicked { [weak self] in self?.editLeaderboardChoice() }
        membersPane.passportButton.onClicked { [weak self] in self?.showMemberPassport() }
        membersPane.onSelectionChanged = { [weak self] in self?.updateButtons() }
        updateButtons()
    }

    // MARK: ModulePage

    func show(_ org: Organization?) {
        guard org?.id != organization?.id else { return }
        organization = org
        switcherTitle.setProperty("subtitle", org?.name ?? "")
        // Another organization's ledger is not shown while this one's is read.
        if org != nil { loading.show() }
        updateButtons()
        reload()
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        updateButtons()
    }

    func refresh() { reload() }

    private func updateButtons() {
        // While the ledger is read the dialogs would offer the members and events of the one
        // before: they wait for it.
        let loaded = !loading.isShown
        grantAction?.isEnabled = canEdit && loaded
        importAction?.isEnabled = canEdit && loaded
        codeAction?.isEnabled = loaded
        ledgerPane.revokeButton.isVisible = canEdit
        ledgerPane.revokeButton.isSensitive = ledgerPane.revocableSelection != nil
        membersPane.grantButton.isVisible = canEdit
        membersPane.importButton.isVisible = canEdit
        membersPane.choiceButton.isVisible = canEdit
        membersPane.choiceButton.isSensitive = membersPane.selected.count == 1
        membersPane.passportButton.isSensitive = membersPane.selected.count == 1 && loaded
        membersPane.grantButton.isSensitive = !membersPane.selected.isEmpty
    }

    // MARK: loading

    private func reload() {
        loadRequest += 1
        let request = loadRequest
        guard let org = organization else { return }
        Task {
            do {
                await LoadGate.wait()
                let read = try await PassportOverview.load(org, database: database)
                let insights = try await PassportInsights.load(org, database: database)
                guard request == loadRequest else { return }
                overview = read
                ledgerPane.show(read, zone: org.timeZone)
                membersPane.show(read)
                leaderboardPane.show(read, zone: org.timeZone)
                insightsPane.show(insights, zone: org.timeZone)
                loading.finish(showing: "content")
                updateButtons()
            } catch {
                guard request == loadRequest else { return }
                loading.finish(showing: "content")
                updateButtons()
                toasts.showToast(tr("Could not read the stamp ledger: {error}", ["error": "\(error)"]))
            }
        }
    }

    /// After a write: the next sync sends it, and every view reads the ledger again.
    private func changed(_ message: String) {
        toasts.showToast(message)
        onLocalChange?()
        // The ledger before the write is not shown as if it still held: the spinner until the
        // views are read again.
        loading.show()
        updateButtons()
        reload()
    }

    // MARK: grant and revoke

    private func grant() {
        guard let org = organization, canEdit, grantDialog == nil else { return }
        // The member chosen in the Members view (one), else the one the ledger shows.
        let chosen = membersPane.selected.count == 1 ? membersPane.selected.first?.member : ledgerPane.memberShown
        let dialog = GrantStampDialog(parent: window, organization: org, overview: overview,
                                      member: chosen) { [weak self] member, event, note in
            guard let self else { return }
            let entry = try await self.ledger.grant(member: member, event: event, note: note, in: org)
            self.changed(trn("Granted {count} stamp to {member} for “{event}”. Sent with the next sync.",
                             "Granted {count} stamps to {member} for “{event}”. Sent with the next sync.", entry.stamps,
                             ["member": self.overview.name(of: entry.member), "event": self.overview.title(of: entry.event)]))
        }
        dialog.onClosed = { [weak self] in self?.grantDialog = nil }
        grantDialog = dialog
        dialog.present()
    }

    private func revoke() {
        guard let org = organization, canEdit, let entry = ledgerPane.revocableSelection else { return }
        let dialog = MessageDialog(
            parent: window,
            heading: tr("Revoke This Entry?"),
            body: trn("{member} loses {count} stamp for “{event}”. The entry stays in the ledger with a reversing entry beside it.",
                      "{member} loses {count} stamps for “{event}”. The entry stays in the ledger with a reversing entry beside it.",
                      entry.stamps, ["member": overview.name(of: entry.member), "event": overview.title(of: entry.event)]))
        let note = Entry(placeholder: tr("Why (required)"))
        note.setAccessibleLabel(tr("Revocation note"))
        note.maxLength = 500
        note.activatesDefault = true
        dialog.setExtraChild(note)
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("revoke", tr("_Revoke"), appearance: .destructive)
        dialog.defaultResponse = "revoke"
        dialog.closeResponse = "cancel"
        dialog.setResponseEnabled("revoke", false)
        note.onChanged { dialog.setResponseEnabled("revoke", !note.text.trimmingCharacters(in: .whitespaces).isEmpty) }
        dialog.present { [weak self] response in
            let text = note.text
            guard response == "revoke", let self else { return }
            Task {
                do {
                    try await self.ledger.revoke(entry.id, note: text, in: org)
                    let total = self.overview.standings.first { $0.member == entry.member }.map { $0.stamps - entry.stamps } ?? 0
                    self.changed(trn("Revoked: {member} has {count} stamp now. Sent with the next sync.",
                                     "Revoked: {member} has {count} stamps now. Sent with the next sync.", total,
                                     ["member": self.overview.name(of: entry.member)]))
                } catch let error as ValidationError {
                    RefusalDialog.show(parent: self.window, heading: tr("Not Revoked"),
                                       reason: error.issues.map(\.message).joined(separator: "\n"))
                } catch {
                    self.toasts.showToast(tr("Not revoked: {reason}", ["reason": "\(error)"]))
                }
            }
        }
        _ = note.grabFocus()
    }

    // MARK: bulk grants

    private func grantToSelected() {
        let emails = membersPane.selected.map(\.email).filter { !$0.isEmpty }
        guard !emails.isEmpty else { return }
        bulkGrant(emails: emails, source: trn("{count} chosen member", "{count} chosen members", emails.count))
    }

    private func chooseCSV() {
        guard csvChooser == nil, canEdit else { return }
        let chooser = FileChooser(.open, title: tr("Grant Stamps from a CSV File"), parent: window, acceptLabel: tr("_Open"))
        chooser.addFilter(name: tr("CSV files"), patterns: ["*.csv", "*.txt"], allFilesName: tr("All files"))
        chooser.onChosen = { [weak self] path in
            guard let self else { return }
            self.csvChooser = nil
            guard let path else { return }
            do {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let emails = StampImportCSV.emails(in: text)
                guard !emails.isEmpty else {
                    self.toasts.showToast(tr("{file} has no e-mail addresses: one per row, in any column", ["file": (path as NSString).lastPathComponent]))
                    return
                }
                self.bulkGrant(emails: emails, source: (path as NSString).lastPathComponent)
            } catch {
                self.toasts.showToast(tr("Could not read {file}: {error}", ["file": (path as NSString).lastPathComponent, "error": "\(error)"]))
            }
        }
        csvChooser = chooser
        chooser.show()
    }

    /// Asks for the event and the note, previews who gets a stamp, and grants on confirmation.
    private func bulkGrant(emails: [String], source: String) {
        guard let org = organization, canEdit, grantDialog == nil else { return }
        let dialog = GrantStampDialog(parent: window, organization: org, overview: overview, emails: emails, source: source,
                                      preview: { [weak self] event in
                                          guard let self else { throw CancellationError() }
                                          return try await self.ledger.preview(emails: emails, event: event, in: org)
                                      }) { [weak self] _, event, note in
            guard let self else { return }
            let (preview, made) = try await self.ledger.grantAll(emails: emails, event: event, note: note, in: org)
            self.changed(trn("Granted a stamp for “{event}” to {count} member. Sent with the next sync.",
                             "Granted a stamp for “{event}” to {count} members. Sent with the next sync.", made.count,
                             ["event": preview.eventTitle, "count": String(made.count)]))
        }
        dialog.onClosed = { [weak self] in self?.grantDialog = nil }
        grantDialog = dialog
        dialog.present()
    }

    // MARK: leaderboard choice

    /// What the chosen member (or their guardian) said about the leaderboard, and whether they
    /// are a minor: minors are hidden unless they or a guardian opted in.
    /// The chosen member's passport as the app shows it to them.
    private func showMemberPassport() {
        guard passportWindow == nil, let org = organization, membersPane.selected.count == 1,
              let standing = membersPane.selected.first, let member = UUID(uuidString: standing.member) else { return }
        Task {
            do {
                let passport = try await ledger.passport(of: member, in: org)
                guard passportWindow == nil else { return }
                let shown = MemberPassportWindow(parent: window, name: standing.name.isEmpty ? standing.email : standing.name,
                                                 passport: passport, zone: org.timeZone)
                shown.onClosed = { [weak self] in self?.passportWindow = nil }
                passportWindow = shown
                shown.present()
            } catch {
                toasts.showToast(tr("Could not read the stamp ledger: {error}", ["error": "\(error)"]))
            }
        }
    }

    private func editLeaderboardChoice() {
        guard let org = organization, canEdit, membersPane.selected.count == 1, let standing = membersPane.selected.first,
              let id = UUID(uuidString: standing.member) else { return }
        let dialog = MessageDialog(parent: window,
                                   heading: tr("Leaderboard Choice for {name}", ["name": standing.name.isEmpty ? standing.email : standing.name]),
                                   body: tr("Adults are shown unless they opt out; minors are hidden unless they or a guardian opt in."))
        let choices = LeaderboardChoice.allCases
        let chooser = DropDown(strings: choices.map { choice in
            switch choice {
            case .standard: tr("As usual: shown, unless a minor")
            case .optOut: tr("Opted out: never shown")
            case .optIn: tr("Opted in: shown, a minor too")
            }
        })
        chooser.setAccessibleLabel(tr("Leaderboard"))
        chooser.selectedIndex = choices.firstIndex(of: standing.choice) ?? 0
        let minor = CheckButton(label: tr("A minor"))
        minor.isActive = standing.minor
        let box = Box.vertical(spacing: 8)
        box.append(chooser)
        box.append(minor)
        dialog.setExtraChild(box)
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("save", tr("_Save"), appearance: .suggested)
        dialog.defaultResponse = "save"
        dialog.closeResponse = "cancel"
        dialog.present { [weak self] response in
            guard response == "save", let self, let index = chooser.selectedIndex, choices.indices.contains(index) else { return }
            let isMinor = minor.isActive
            Task {
                do {
                    try await LeaderboardSettings.set(member: id, choice: choices[index], minor: isMinor, in: org,
                                                      database: self.database)
                    self.changed(tr("Saved {name}’s leaderboard choice. Sent with the next sync.",
                                    ["name": standing.name.isEmpty ? standing.email : standing.name]))
                } catch {
                    self.toasts.showToast(tr("Could not save the leaderboard choice: {error}", ["error": "\(error)"]))
                }
            }
        }
    }

    // MARK: check-in code

    private func chooseCodeEvent() {
        guard let org = organization, codeWindow == nil else { return }
        let events = overview.stampEvents.filter { $0.startsAt != nil }
        guard !events.isEmpty else {
            toasts.showToast(tr("No event at set times gives stamps: give one a stamp value first"))
            return
        }
        let dialog = MessageDialog(parent: window, heading: tr("Show a Check-In Code"),
                                   body: tr("The code changes every 5 minutes; the screen follows it by itself."))
        // Nothing is picked for staff (a code for the wrong event checks people in to it); the
        // events still to come are listed first, soonest first, then past ones, latest first.
        let now = Date().addingTimeInterval(-6 * 3600)
        let coming = events.filter { ($0.startsAt ?? .distantPast) > now }
        let past = events.filter { ($0.startsAt ?? .distantPast) <= now }.reversed()
        let ordered = coming + past
        let chooser = ChoiceDropDown(prompt: tr("Choose an event…"), choices: ordered.map { event in
            event.startsAt.map { "\(event.title) — \(DatePatternText.format($0, "d MMM yyyy HH:mm", zone: org.timeZone))" } ?? event.title
        })
        chooser.widget.setAccessibleLabel(tr("Event"))
        dialog.setExtraChild(chooser.widget)
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("show", tr("_Show Full Screen"), appearance: .suggested)
        dialog.setResponseEnabled("show", false)
        chooser.onChanged { dialog.setResponseEnabled("show", $0 != nil) }
        dialog.defaultResponse = "show"
        dialog.closeResponse = "cancel"
        dialog.present { [weak self] response in
            guard response == "show", let self, let index = chooser.chosenIndex, ordered.indices.contains(index) else { return }
            self.showCode(ordered[index], in: org)
        }
    }

    private func showCode(_ event: PassportOverview.StampEvent, in org: Organization) {
        let shown = CheckInCodeWindow(parent: window, event: event, organization: org, keys: CheckInKeys(database: database))
        shown.onClosed = { [weak self] in self?.codeWindow = nil }
        codeWindow = shown
        shown.present()
        // The store needs the event's key before any code is shown: a key still waiting in the
        // outbox (or one made just now for an event from before keys came with their events)
        // goes with the sync this starts.
        onLocalChange?()
    }
}
