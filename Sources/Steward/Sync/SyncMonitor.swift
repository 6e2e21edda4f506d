import Foundation
import GtkKit
import StewardCore

/// The window's view of the background sync: follows the background sync's state on the main thread,
/// knows who is signed in to the current organization's store, and tells whoever listens.
///
/// The background sync calls its observers on a background queue, in order; each state is handed to
/// the main queue, which keeps that order, so the header never shows an older state last.
@MainActor
final class SyncMonitor {
    let services: SyncServices
    private var observation: SyncObservation?
    private(set) var state = SyncState(phase: .signedOut)
    private(set) var organization: Organization?
    /// Who is signed in to the current organization's store; nil for nobody, or for a
    /// connection with an API token.
    private(set) var session: StaffSession?
    private var sessionRequest = 0

    /// Every new state, and the one before it.
    var onState: [(SyncState, SyncState) -> Void] = []
    /// The signed-in staff member changed (signing in or out, another organization).
    var onSession: [(StaffSession?) -> Void] = []

    init(services: SyncServices) {
        self.services = services
    }

    /// Starts following the background sync and lets it sync.
    func start() {
        guard observation == nil else { return }
        observation = services.backgroundSync.observe { [weak self] state in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.receive(state) }
            }
        }
        services.backgroundSync.start()
    }

    /// Syncs `org` from now on.
    func show(_ org: Organization?) {
        organization = org
        services.backgroundSync.setOrganization(org)
        reloadSession()
    }

    /// Local edits were made: the counts follow now, a sync follows the edits.
    func changesMade() {
        services.backgroundSync.changesMade()
    }

    func syncNow() {
        services.backgroundSync.syncNow()
    }

    /// Reads again who is signed in (after signing in or out, or when the store ended the
    /// session).
    func reloadSession() {
        sessionRequest += 1
        let request = sessionRequest
        guard let org = organization else {
            setSession(nil)
            return
        }
        let sessions = services.sessions
        Task {
            let session = try? await sessions.session(for: org)
            guard request == self.sessionRequest else { return }
            self.setSession(session)
        }
    }

    private func setSession(_ session: StaffSession?) {
        guard session != self.session else { return }
        self.session = session
        for handler in onSession { handler(session) }
    }

    private func receive(_ state: SyncState) {
        let previous = self.state
        self.state = state
        // The store can end a session by itself (a refused renewal): the role goes with it.
        if case .signedOut = state.phase, session != nil {
            reloadSession()
        } else if case .signedOut = previous.phase, session == nil {
            reloadSession()
        }
        for handler in onState { handler(previous, state) }
    }
}
