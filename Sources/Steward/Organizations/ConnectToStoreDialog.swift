import Foundation
import GtkKit
import StewardCore
import Translation

/// Connect to Your Organization’s Store: for staff whose organization already runs a store.
/// The store's address and a staff sign-in (the Sync page's `SignInForm`), then the
/// organizations that account may use there, each with a check box (one already in this
/// console is said to be, and not offered again), then for each one chosen: the organization
/// is made here with the store's short name, name and time zone, signed in as the Sync page
/// does, and its records pulled, with how many came in so far. Then the window shows it.
///
/// A refused sign-in keeps what was typed, with the reason in plain words under the fields.
/// Sessions the store opened for organizations not chosen are ended on the store.
@MainActor
final class ConnectToStoreDialog {
    private let window: Window
    private let steps: Stack
    private let form: SignInForm
    private let chooseHeading: Label
    private let choiceList: Box
    private let kindChoice: DropDown
    private let chooseMessage: Label
    private let connectButton: Button
    private let pullOrganization: Label
    private let pullProgress: ProgressBar
    private let pullSpinner: Spinner
    private let pullStatus: Label
    private let services: SyncServices
    private let organizations: OrganizationService
    private var account: StoreAccount?
    private var choices: [(session: OrgSession, check: CheckButton)] = []
    private var connecting = false
    /// Each organization set up, as soon as it is (the window lists it at once).
    var onConnected: ((Organization) -> Void)?
    /// The last one set up, once every chosen one is pulled, and what went wrong pulling, if
    /// anything did (said in words for people).
    var onFinished: ((Organization, String?) -> Void)?
    var onClosed: (() -> Void)?

    init(parent: Window, services: SyncServices, organizations: OrganizationService) {
        self.services = services
        self.organizations = organizations
        let ui = Builder(resource: ResourceBundle.path("Organizations/connect-to-store.ui"))
        window = ui.object("connect_window")
        steps = ui.object("steps")
        chooseHeading = ui.object("choose_heading")
        choiceList = ui.object("organization_choices")
        kindChoice = ui.object("kind_choice")
        chooseMessage = ui.object("choose_message")
        connectButton = ui.object("connect_button")
        pullOrganization = ui.object("pull_organization")
        pullProgress = ui.object("pull_progress")
        pullSpinner = ui.object("pull_spinner")
        pullStatus = ui.object("pull_status")
        form = SignInForm(ui: ui, window: window)
        window.setTransientFor(parent)
        // The same choice, in the same order, as Create an Organization's.
        kindChoice.setStrings(OrganizationKind.allCases.map(\.title))
        kindChoice.selectedIndex = 0

        form.signIn = { [weak self] url, email, password, security in
            await self?.signIn(url: url, email: email, password: password, security: security)
        }
        connectButton.onClicked { [weak self] in self?.connect() }
        let actions = ActionGroup()
        actions.addAction("cancel") { [weak self] in self?.window.close() }
        window.insertActionGroup(actions, prefix: "connect")
        window.onCloseRequest { [weak self] in
            self?.closing()
            return false
        }
    }

    func present() {
        window.present()
        form.focusFirstEmpty()
    }

    // MARK: Steps

    /// The sign-in: nil (and the organizations listed) or the error the form shows.
    private func signIn(url: String, email: String, password: String, security: TransportSecurity) async -> Error? {
        do {
            let account = try await services.sessions.signInToStore(url: url, email: email, password: password,
                                                                    security: security)
            let here = Set(((try? await organizations.all()) ?? []).map(\.slug))
            showChoices(account, alreadyHere: here)
            return nil
        } catch {
            return error
        }
    }

    private func showChoices(_ account: StoreAccount, alreadyHere: Set<String>) {
        self.account = account
        chooseHeading.text = tr("Organizations {email} may use at {url}", ["email": account.email, "url": account.url])
        choiceList.removeAll()
        choices = []
        for session in account.organizations {
            let isHere = alreadyHere.contains(session.org)
            let title = isHere
                ? tr("{name} ({slug}), already in this console", ["name": session.name, "slug": session.org])
                : tr("{name} ({slug})", ["name": session.name, "slug": session.org])
            let check = CheckButton(label: title)
            // One already here is connected from its own Sync page, not made again.
            check.isActive = !isHere
            check.isSensitive = !isHere
            check.onToggled { [weak self] _ in self?.updateConnectButton() }
            choiceList.append(check)
            choices.append((session, check))
        }
        showChooseMessage(nil)
        updateConnectButton()
        steps.visibleChildName = "choose"
        _ = connectButton.grabFocus()
    }

    private func updateConnectButton() {
        connectButton.isSensitive = choices.contains { $0.check.isActive && $0.check.isSensitive }
    }

    private func connect() {
        guard !connecting, let account else { return }
        let chosen = choices.filter { $0.check.isActive && $0.check.isSensitive }.map(\.session)
        guard !chosen.isEmpty else { return }
        let kind = OrganizationKind.allCases[kindChoice.selectedIndex ?? 0]
        connecting = true
        steps.visibleChildName = "pulling"
        pullSpinner.setActive(true)
        Task {
            defer { connecting = false }
            // From here on the chosen sessions are in use: closing the dialog must not end them.
            self.account = nil
            await services.sessions.discard(account.organizations.filter { session in !chosen.contains(session) },
                                            of: account)
            var last: Organization?
            var pullFailure: String?
            for (index, session) in chosen.enumerated() {
                showPulling(session.name, pulled: 0)
                let org: Organization
                do {
                    org = try await services.sessions.connect(session, of: account, kind: kind)
                } catch {
                    // This one's session was ended by `connect`; the ones after it stay offered
                    // (and are ended on the store if the dialog is closed); the ones before it
                    // are set up, and no longer offered.
                    let remaining = Array(chosen[(index + 1)...])
                    self.account = StoreAccount(url: account.url, security: account.security, email: account.email,
                                                organizations: remaining)
                    for choice in choices where !remaining.contains(choice.session) {
                        choice.check.isActive = false
                        choice.check.isSensitive = false
                    }
                    updateConnectButton()
                    pullSpinner.setActive(false)
                    steps.visibleChildName = "choose"
                    showChooseMessage(tr("{name} could not be set up: {error}",
                                         ["name": session.name, "error": Self.sentence(for: error)]))
                    return
                }
                onConnected?(org)
                last = org
                if let failure = await pull(org) {
                    // Set up and signed in all the same: the background sync tries again.
                    pullFailure = failure
                }
            }
            pullSpinner.setActive(false)
            if let last { onFinished?(last, pullFailure) }
            window.close()
        }
    }

    /// The first pull, off the main thread; the count follows each page. Nil when it worked,
    /// else what went wrong in words for people.
    private func pull(_ org: Organization) async -> String? {
        let engine = services.engine
        let (updates, continuation) = AsyncStream<Int>.makeStream()
        let work = Task.detached(priority: .userInitiated) { () -> Error? in
            defer { continuation.finish() }
            do {
                _ = try await engine.sync(org: org) { progress in
                    if progress.stage == .receiving { continuation.yield(progress.pulled) }
                }
                return nil
            } catch {
                return error
            }
        }
        for await pulled in updates { showPulling(org.name, pulled: pulled) }
        guard let error = await work.value else { return nil }
        return tr("The first pull of {name} did not finish: {error}. It is tried again at the next sync.",
                  ["name": org.name, "error": Self.sentence(for: error)])
    }

    private func showPulling(_ name: String, pulled: Int) {
        pullOrganization.text = tr("Connecting {name}", ["name": name])
        pullProgress.pulse()
        let status = trn("Pulling records… {count} so far", "Pulling records… {count} so far", pulled)
        pullStatus.text = status
        pullStatus.setAccessibleLabel(status)
    }

    private func showChooseMessage(_ text: String?) {
        chooseMessage.text = text ?? ""
        chooseMessage.isVisible = text != nil
        connectButton.setAccessibleDescription(text ?? "")
    }

    private static func sentence(for error: Error) -> String {
        switch error {
        case let refused as SignInError: refused.message
        case OrganizationError.invalid(let invalid): invalid.description
        default: "\(error)"
        }
    }

    /// Closed before connecting: the sessions the store opened for the listing are ended there.
    private func closing() {
        if let account {
            let sessions = services.sessions
            Task { await sessions.discard(account.organizations, of: account) }
        }
        onClosed?()
    }
}
