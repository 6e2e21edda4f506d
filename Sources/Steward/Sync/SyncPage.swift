import Foundation
import GtkKit
import StewardCore
import Translation

/// The Sync page of one organization. Signed out: the sign-in form. Signed in (or connected
/// with an API token): who is connected, to which store, and the two lists of changes that
/// need a person, conflicts and rejected changes.
@MainActor
final class SyncPage {
    let widget: Widget
    private let ui: Builder
    private let monitor: SyncMonitor
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let header: Widget
    private let titleWidget: WindowTitle
    private let backButton: Button
    private let stack: Stack
    private let form: SignInForm
    private let issues: SyncIssuesList
    private let accountRow: ActionRow
    private let storeRow: ActionRow
    private let timingRow: ActionRow
    private let signOutButton: Button

    private(set) var organization: Organization?
    /// Which view shows: the form is only reset when it comes into view, never under someone typing.
    private var shownView: String?
    private var isVisible = false
    private var loadRequest = 0
    private var resolveWindow: ResolveConflictWindow?

    /// A conflict or rejected change was settled here: the events on screen may have changed.
    var onRecordsChanged: (() -> Void)?
    /// "Edit and retry": open the event editor on the rejected values.
    var onEditRejected: ((RejectedChange, Organization) -> Void)?

    private var services: SyncServices { monitor.services }

    init(monitor: SyncMonitor, window: ApplicationWindow, toasts: ToastOverlay) {
        self.monitor = monitor
        self.window = window
        self.toasts = toasts
        ui = Builder(resource: ResourceBundle.path("Sync/sync-page.ui"))
        widget = ui.object("sync_page")
        header = ui.object("sync_header")
        titleWidget = ui.object("sync_title")
        backButton = ui.object("sync_back_button")
        stack = ui.object("sync_stack")
        accountRow = ui.object("account_row")
        storeRow = ui.object("store_row")
        timingRow = ui.object("sync_timing_row")
        signOutButton = ui.object("sign_out_button")
        form = SignInForm(ui: ui, window: window)
        issues = SyncIssuesList(ui: ui)

        accountRow.setProperty("use-markup", false)
        form.signIn = { [weak self] url, email, password, security in
            await self?.signIn(url: url, email: email, password: password, security: security)
        }
        signOutButton.onClicked { [weak self] in self?.signOut() }
        issues.onResolve = { [weak self] conflict in self?.openResolve(conflict) }
        issues.onDiscard = { [weak self] change in self?.confirmDiscard(change) }
        issues.onRetry = { [weak self] change in
            guard let self, let org = self.organization else { return }
            self.onEditRejected?(change, org)
        }
        monitor.onState.append { [weak self] previous, state in self?.stateChanged(from: previous, to: state) }
        monitor.onSession.append { [weak self] _ in self?.reload() }
    }

    /// Shows `org`'s connection (nil: none).
    func show(_ org: Organization?) {
        let changed = org?.id != organization?.id
        organization = org
        titleWidget.subtitle = org?.name ?? ""
        if changed { shownView = nil }
        reload()
    }

    /// The page came into view, or left it: Enter signs in only while the form is on screen.
    func setVisible(_ visible: Bool) {
        isVisible = visible
        updateDefaultWidget()
        guard visible else { return }
        if shownView == "signed-out" { form.focusFirstEmpty() }
        reload()
    }

    /// On a narrow window the page stands alone: it shows a back button and the window buttons.
    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    // MARK: loading

    /// Reads the connection and the lists again, and shows them.
    func reload() {
        loadRequest += 1
        let request = loadRequest
        guard let org = organization else { return }
        let services = self.services
        Task {
            let remote = try? await services.remotes.remote(for: org)
            guard request == loadRequest, org.id == organization?.id else { return }
            guard let remote, !remote.usesStaffSignIn || remote.signedIn else {
                showSignedOut(remote)
                return
            }
            showConnected(remote)
            do {
                let conflicts = try await services.engine.conflictDetails(org: org)
                let rejected = try await services.engine.rejectedChanges(org: org)
                let unreadable = try await services.engine.unreadableRecords(org: org)
                guard request == loadRequest else { return }
                issues.show(conflicts: conflicts, rejected: rejected, unreadable: unreadable)
            } catch {
                toasts.showToast(tr("Could not read the sync issues: {error}", ["error": "\(error)"]))
            }
        }
    }

    private func showSignedOut(_ remote: Remote?) {
        if shownView != "signed-out" {
            form.reset(address: remote?.url ?? "", email: remote?.staffEmail ?? "",
                       security: remote?.security ?? TransportSecurity())
        }
        show(view: "signed-out")
    }

    private func showConnected(_ remote: Remote) {
        if let email = remote.staffEmail {
            accountRow.title = tr("Signed in as {email}", ["email": email])
            let role = remote.staffRole ?? .viewer
            accountRow.subtitle = role.canEdit
                ? tr("Role: {role}", ["role": role.displayName])
                : tr("Role: {role} (can look at records, not change them)", ["role": role.displayName])
            signOutButton.isVisible = true
        } else {
            accountRow.title = tr("Connected with an access token")
            accountRow.subtitle = tr("No one is signed in: the connection was set up with {command}.",
                                     ["command": "stewardctl remote set"])
            signOutButton.isVisible = false
        }
        storeRow.subtitle = Loopback.isUnencryptedOffLoopback(remote.url)
            ? tr("{url} (not encrypted: passwords and tokens cross the network readable)", ["url": remote.url])
            : remote.url
        showTiming()
        show(view: "signed-in")
    }

    /// When the background sync runs, as Preferences set it.
    func showTiming() {
        timingRow.subtitle = SyncTimingText.summary(services.backgroundSync.cadence)
    }

    private func show(view: String) {
        let firstShow = shownView != view
        shownView = view
        // Only the view on screen is in the accessibility tree, so the form's fields are not
        // found while someone is signed in, and the lists not while signed out.
        for name in ["signed-out", "signed-in"] { stack.child(named: name)?.isVisible = name == view }
        stack.visibleChildName = view
        updateDefaultWidget()
        if firstShow, view == "signed-out", isVisible { form.focusFirstEmpty() }
    }

    private func updateDefaultWidget() {
        let formShows = isVisible && shownView == "signed-out"
        if formShows {
            window.setDefaultWidget(form.defaultWidget)
        } else if window.defaultWidget == form.defaultWidget {
            window.setDefaultWidget(nil)
        }
    }

    private func stateChanged(from previous: SyncState, to state: SyncState) {
        let syncEnded: Bool
        if case .syncing = previous.phase {
            if case .syncing = state.phase { syncEnded = false } else { syncEnded = true }
        } else {
            syncEnded = false
        }
        if syncEnded || previous.conflicts != state.conflicts || previous.rejected != state.rejected {
            reload()
        }
    }

    // MARK: signing in and out

    private func signIn(url: String, email: String, password: String, security: TransportSecurity) async -> Error? {
        guard let org = organization else { return nil }
        do {
            let session = try await services.sessions.signIn(org: org, url: url, email: email, password: password,
                                                             security: security)
            toasts.showToast(tr("Signed in as {email}", ["email": session.email]))
            monitor.reloadSession()
            monitor.syncNow()
            reload()
            return nil
        } catch {
            return error
        }
    }

    private func signOut() {
        guard let org = organization else { return }
        signOutButton.isSensitive = false
        let sessions = services.sessions
        Task {
            defer { signOutButton.isSensitive = true }
            do {
                try await sessions.signOut(org: org)
                toasts.showToast(tr("Signed out. Changes made now are kept until you sign in again."))
            } catch {
                toasts.showToast(tr("Could not sign out: {error}", ["error": SyncStatusIndicator.sentence("\(error)")]))
            }
            monitor.reloadSession()
            monitor.changesMade()
            reload()
        }
    }

    // MARK: conflicts and rejected changes

    private func openResolve(_ conflict: ConflictDetail) {
        guard resolveWindow == nil else { return }
        let resolve = ResolveConflictWindow(parent: window, detail: conflict, engine: services.engine)
        resolve.onResolved = { [weak self] in
            guard let self else { return }
            self.toasts.showToast(tr("Conflict resolved"))
            self.settled()
        }
        resolve.onClosed = { [weak self] in self?.resolveWindow = nil }
        resolveWindow = resolve
        resolve.present()
    }

    private func confirmDiscard(_ change: RejectedChange) {
        let title = SyncIssuesList.displayTitle(change.title, entity: change.entity)
        let dialog = MessageDialog(parent: window, heading: tr("Discard This Change?"),
                                   body: tr("“{title}” goes back to the version on the store, and the change the store refused is lost.",
                                            ["title": title]))
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("discard", tr("_Discard"), appearance: .destructive)
        dialog.defaultResponse = "cancel"
        dialog.closeResponse = "cancel"
        dialog.present { [weak self] response in
            guard response == "discard" else { return }
            self?.discard(change)
        }
    }

    private func discard(_ change: RejectedChange) {
        let engine = services.engine
        Task {
            do {
                try await engine.discard(deadLetterId: change.id)
                toasts.showToast(tr("Change discarded"))
                settled()
            } catch {
                toasts.showToast(tr("Could not discard the change: {error}", ["error": SyncStatusIndicator.sentence("\(error)")]))
                reload()
            }
        }
    }

    /// A rejected change was sent again from the editor, or something else was settled.
    func settled() {
        monitor.changesMade()
        reload()
        onRecordsChanged?()
    }
}
