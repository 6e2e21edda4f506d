import Foundation
import GtkKit
import StewardCore
import StewardCredentials
import Translation

/// The main window: organization switcher and page list on the left, the page on the right,
/// and the current organization's sync status in the sidebar's header.
///
/// It opens the database after the window is on screen (a spinner shows meanwhile), then lists
/// the organizations: none gives the first-run page (create one, or explore the demo), otherwise
/// the last one used is shown. Sync starts once the first rows are painted, so launching never
/// waits for it.
@MainActor
final class MainWindow {
    private let ui: Builder
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let windowStack: Stack
    private let leaflet: Leaflet
    private let contentStack: Stack
    private let noOrganizationsPage: StatusPage
    private let firstRunActions: Box
    private let switcher: OrganizationSwitcher
    private let sidebar: Sidebar
    private let syncStatus: SyncStatusIndicator
    private let settings = AppSettings()

    private var environment: AppEnvironment?
    /// The pages of the modules and the organization's Profile: Events from the start, the
    /// others made the first time each is shown.
    private var modulePages: [SidebarPage: ModulePage] = [:]
    /// The person's role allows changes (pages made later start from it).
    private var canEdit = true
    /// The signed-in staff member's role; nil when nobody is signed in.
    private var role: StaffRole?
    private var syncMonitor: SyncMonitor?
    private var syncPage: SyncPage?
    /// The editor open on a rejected change of a kit type, kept while it is shown.
    private var rejectedEditor: RecordEditor?
    private var organization: Organization?
    /// Every organization in the database, as last listed.
    private var organizations: [Organization] = []
    private var page: SidebarPage?
    private var preferences: Preferences?
    /// Create an Organization, kept while it is open.
    private var createDialog: CreateOrganizationDialog?
    /// Connect to Your Organization’s Store, kept while it is open.
    private var connectDialog: ConnectToStoreDialog?
    /// Sign-in and sync, once made (after the first paint).
    private var syncServices: SyncServices?
    /// Back Up… and Restore… of the main menu.
    private lazy var backupFlow = BackupFlow(window: window, toasts: toasts)

    init(application: Application) {
        ui = Builder(resource: ResourceBundle.path("Window/window.ui"))
        window = ui.object("window")
        window.setApplication(application)
        toasts = ui.object("toast_overlay")
        windowStack = ui.object("window_stack")
        leaflet = ui.object("leaflet")
        contentStack = ui.object("content_stack")
        noOrganizationsPage = ui.object("no_organizations_page")
        firstRunActions = ui.object("first_run_actions")
        switcher = OrganizationSwitcher(ui: ui)
        sidebar = Sidebar(list: ui.object("sidebar_list"))
        syncStatus = SyncStatusIndicator(ui: ui)

        // The shortcuts window is built when first asked for: it is the largest .ui file
        // and nobody needs it in the first frame.
        window.addAction("show-help-overlay") { [weak self] in self?.showShortcuts() }
        settings.persistWindowState(window)

        switcher.onSwitch = { [weak self] org in self?.show(org) }
        sidebar.onSelect = { [weak self] page in self?.show(page) }
        sidebar.onActivate = { [weak self] _ in self?.leaflet.navigate(back: false) }
        window.addAction("show-sidebar") { [weak self] in self?.leaflet.navigate(back: true) }
        window.addAction("reload") { [weak self] in
            guard let self else { return }
            Task { await self.loadOrganizations() }
        }
        window.addAction("sync-now") { [weak self] in self?.syncNow() }
        window.addAction("preferences") { [weak self] in self?.showPreferences() }
        window.addAction("create-organization") { [weak self] in self?.showCreateOrganization() }
        window.addAction("explore-demo") { [weak self] in self?.exploreDemo() }
        window.addAction("connect-to-store") { [weak self] in self?.showConnectToStore() }
        backupFlow.stopWriting = { [weak self] in self?.syncServices?.backgroundSync.stop() }
        window.addAction("back-up") { [weak self] in
            guard let self, let environment = self.environment else { return }
            self.backupFlow.backUp(environment.database)
        }
        window.addAction("restore") { [weak self] in
            guard let self, let environment = self.environment else { return }
            self.backupFlow.restore(environment.database, path: environment.databasePath)
        }
    }

    func present() { window.present() }

    /// The window itself, for whoever needs to know when it paints.
    var widget: Widget { window }

    private var shortcutsWindow: Window?

    private func showShortcuts() {
        if shortcutsWindow == nil {
            let shortcuts = Builder(resource: ResourceBundle.path("Window/shortcuts.ui"))
            let built = shortcuts.object("shortcuts_window", as: Window.self)
            built.setTransientFor(window)
            shortcutsWindow = built
        }
        shortcutsWindow?.present()
    }
    func close() { window.close() }

    private func showPreferences() {
        let publishing = environment.map { CalendarPublishingService(database: $0.database, credentials: LazyCredentialStore()) }
        let mail = environment.map { MailService(database: $0.database, credentials: LazyCredentialStore()) }
        let shown = Preferences(parent: window, settings: settings, organizations: organizations, organization: organization,
                                publishing: publishing, mail: mail, organizations: environment?.organizations, canEdit: canEdit)
        shown.onModulesChanged = { [weak self] _ in
            guard let self else { return }
            // The choice is a change to send, like any edit; the sidebar shows its pages.
            syncMonitor?.changesMade()
            Task { await self.loadOrganizations() }
        }
        shown.onSyncCadenceChanged = { [weak self] cadence in
            self?.syncMonitor?.services.backgroundSync.setCadence(cadence)
            self?.syncPage?.showTiming()
        }
        shown.window.onCloseRequest { [weak self] in
            self?.preferences = nil
            return false
        }
        preferences = shown
        shown.present()
    }

    /// Takes the database and first screenful that `preload` opened and loaded during
    /// start-up, and shows the first organization: at once when the preload has finished (the
    /// usual case: then the window's first frame already shows the events), else when it does.
    func start(with preload: StartupPreload) {
        if let loaded = preload.loadedNow {
            show(loaded)
            return
        }
        Task {
            do {
                show(try await preload.loaded)
            } catch {
                showStartupError(error)
            }
        }
    }

    private func show(_ loaded: StartupPreload.Loaded) {
        let environment = loaded.environment
        self.environment = environment
        // The Events page is built now, for the first frame shows it, with the first rows the
        // preload read.
        let page = EventsPage(environment: environment, window: window, toasts: toasts)
        if let first = StartupPreload.initialOrganization(loaded.organizations, remembered: settings.startOrganization) {
            page.prime(first, keys: loaded.firstKeys, rows: loaded.firstRows)
        }
        install(page, for: .module(.events))
        contentStack.addNamed(Self.unavailablePage(), name: "unavailable")
        show(loaded.organizations)
        startSync(environment)
    }

    // MARK: sync

    /// Sets up sign-in and background sync once the first rows have been painted, so launching
    /// never waits for it: the services are made off the main thread (starting the HTTP client
    /// is not free), the Sync page and the status on it.
    private func startSync(_ environment: AppEnvironment) {
        let cadence = settings.syncCadence
        let (database, path) = (environment.database, environment.databasePath)
        NextPaint.after(window) { [weak self] in
            Task {
                let services = await Task.detached(priority: .utility) {
                    SyncServices(database: database, databasePath: path, cadence: cadence)
                }.value
                self?.attach(services)
            }
        }
    }

    private func attach(_ services: SyncServices) {
        syncServices = services
        let monitor = SyncMonitor(services: services)
        syncMonitor = monitor
        let page = SyncPage(monitor: monitor, window: window, toasts: toasts)
        syncPage = page
        leaflet.onFoldedChanged { [weak page] folded in page?.setFolded(folded) }
        page.setFolded(leaflet.isFolded)
        contentStack.addNamed(page.widget, name: SidebarPage.sync.tag)
        page.onRecordsChanged = { [weak self] in self?.recordsChanged() }
        page.onEditRejected = { [weak self, weak page] change, org in
            guard let self else { return }
            // A page whose own editor corrects the change (events) takes it; the record kit's
            // generic editor corrects the rest.
            let onRetried: () -> Void = { page?.settled() }
            if self.modulePages.values.contains(where: {
                $0.editRejected(change, in: org, engine: services.engine, onRetried: onRetried)
            }) {
                return
            }
            if let type = RecordTypes.named(change.entity), self.rejectedEditor == nil {
                RejectedRecordEditor.open(change, type: type, in: org, parent: self.window, engine: services.engine,
                                          onRetried: onRetried,
                                          onOpened: { [weak self] editor in
                                              self?.rejectedEditor = editor
                                              editor.onClosed = { [weak self] in self?.rejectedEditor = nil }
                                          })
            }
        }

        monitor.onState.append { [weak self] previous, state in self?.syncStateChanged(from: previous, to: state) }
        monitor.onSession.append { [weak self] session in
            // Mirrors the store's rules: a viewer gets no edit controls.
            self?.setCanEdit(session?.role.canEdit ?? true)
            self?.setRole(session?.role)
        }
        for page in modulePages.values {
            page.onLocalChange = { [weak monitor] in monitor?.changesMade() }
            page.syncReady(history: services.history)
        }

        monitor.show(organization)
        page.show(organization)
        syncStatus.show(monitor.state)
        // Shows it if it was asked for before it existed, and hides it otherwise.
        show(self.page)
        monitor.start()
    }

    private func syncStateChanged(from previous: SyncState, to state: SyncState) {
        syncStatus.show(state)
        sidebar.setIssueCount(state.conflicts + state.rejected)
        // A sync that ended may have brought other people's changes.
        if case .syncing = previous.phase {
            if case .syncing = state.phase {} else { recordsChanged() }
        }
        if state.endsSuccessfulSync(after: previous), let org = syncMonitor?.organization ?? organization, let environment {
            CalendarPublishRuns.shared.publishAfterSync(
                org, service: CalendarPublishingService(database: environment.database, credentials: LazyCredentialStore()))
        }
    }

    /// Records changed under the pages (a sync, a settled conflict): every page built reads
    /// its own again.
    private func recordsChanged() {
        for page in modulePages.values { page.refresh() }
        updateWaitingCount()
        // Another console may have chosen other modules: the sidebar follows what was pulled.
        guard let shown = organization, let environment else { return }
        Task {
            guard let stored = try? await environment.organizations.find(slug: shown.slug),
                  stored.modules != organization?.modules else { return }
            await loadOrganizations()
        }
    }

    private func setRole(_ role: StaffRole?) {
        self.role = role
        for page in modulePages.values { page.setRole(role) }
    }

    /// The sidebar's count of submissions waiting for a decision, read off the main thread.
    private func updateWaitingCount() {
        guard let org = organization, org.modules.contains(.approvals), let environment else {
            sidebar.setWaitingCount(0)
            return
        }
        Task {
            let count = (try? await ApprovalService(database: environment.database).waitingCount(in: org)) ?? 0
            guard self.organization?.id == org.id else { return }
            sidebar.setWaitingCount(count)
        }
    }

    private func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        for page in modulePages.values { page.setCanEdit(allowed) }
    }

    /// Ctrl+R and the header button. Signed out, there is nothing to sync with: the Sync page
    /// (and its sign-in form) shows instead.
    private func syncNow() {
        guard let monitor = syncMonitor, organization != nil else { return }
        if case .signedOut = monitor.state.phase {
            sidebar.select(.sync)
            leaflet.navigate(back: false)
            return
        }
        monitor.syncNow()
    }

    // MARK: first run

    /// The first-run page's Create an Organization…, and the organization menu's Add
    /// Organization…: the dialog, then the window shows the organization made.
    private func showCreateOrganization() {
        guard let environment else { return }
        if let createDialog { return createDialog.present() }
        let dialog = CreateOrganizationDialog(parent: window, service: environment.organizations)
        dialog.onCreated = { [weak self] org in
            guard let self else { return }
            self.organization = org
            Task { await self.loadOrganizations() }
            self.toasts.showToast(tr("Created {name}", ["name": org.name]))
        }
        dialog.onClosed = { [weak self] in self?.createDialog = nil }
        createDialog = dialog
        dialog.present()
    }

    /// The first-run page's and the organization menu's Connect to Your Organization’s Store…:
    /// the dialog signs in, lists the store's organizations, sets up and pulls the ones chosen;
    /// the window lists each as it is set up, then shows the last.
    private func showConnectToStore() {
        guard let environment else { return }
        if let connectDialog { return connectDialog.present() }
        guard let services = syncServices else {
            // Sync is still being set up (a click in the first instants): it is on its way.
            toasts.showToast(tr("Getting ready to connect; try again in a moment."))
            return
        }
        let dialog = ConnectToStoreDialog(parent: window, services: services, organizations: environment.organizations)
        dialog.onConnected = { [weak self] _ in
            guard let self else { return }
            Task { await self.loadOrganizations() }
        }
        dialog.onFinished = { [weak self] org, pullFailure in
            guard let self else { return }
            self.organization = org
            Task { await self.loadOrganizations() }
            self.toasts.showToast(pullFailure ?? tr("Connected {name}", ["name": org.name]))
        }
        dialog.onClosed = { [weak self] in self?.connectDialog = nil }
        connectDialog = dialog
        dialog.present()
    }

    /// Explore the Demo: the five demo organizations and their records, as `stewardctl demo
    /// load` (and `make run`) adds them, read in off the main thread; then the window shows them.
    private func exploreDemo() {
        guard let environment else { return }
        firstRunActions.isSensitive = false
        noOrganizationsPage.statusDescription = tr("Loading the demo organizations…")
        Task {
            let loaded = await Task.detached(priority: .userInitiated) {
                Result { try DemoDataset(database: environment.database).load() }
            }.value
            firstRunActions.isSensitive = true
            if case .failure(let error) = loaded {
                noOrganizationsPage.statusDescription = Self.firstRunDescription
                toasts.showToast(tr("The demo could not be loaded: {error}", ["error": "\(error)"]))
            }
            await loadOrganizations()
        }
    }

    private static var firstRunDescription: String {
        tr("Create the organization this console runs, connect to your organization’s store if it already has one, or look around first with five demo organizations.")
    }

    // MARK: organizations and pages

    private func loadOrganizations() async {
        guard let environment else { return }
        do {
            show(try await environment.organizations.all())
        } catch {
            showStartupError(error)
        }
    }

    private func show(_ organizations: [Organization]) {
        self.organizations = organizations
        guard !organizations.isEmpty else {
            window.title = "Steward"
            showFirstRun()
            organization = nil
            for page in modulePages.values { page.show(nil) }
            syncMonitor?.show(nil)
            syncPage?.show(nil)
            return
        }
        let selected = organizations.first { $0.id == organization?.id }
            ?? StartupPreload.initialOrganization(organizations, remembered: settings.startOrganization)!
        switcher.show(organizations, selected: selected)
        windowStack.visibleChildName = "main"
        show(selected)
    }

    private func show(_ org: Organization) {
        organization = org
        settings.lastOrganization = org.slug
        for page in modulePages.values { page.show(org) }
        updateWaitingCount()
        syncMonitor?.show(org)
        syncPage?.show(org)
        sidebar.show(org.availableModules, selecting: page)
    }

    private func show(_ page: SidebarPage?) {
        self.page = page
        if case .module(let module)? = page { buildModulePage(module) }
        if page == .profile { buildProfilePage() }
        if page == .media { buildMediaPage() }
        var shown = "unavailable"
        if let page, contentStack.child(named: page.tag) != nil { shown = page.tag }
        // Pages not shown are hidden too, so screen readers (and UI tests) only meet the
        // controls of the page on screen.
        contentStack.child(named: shown)?.isVisible = true
        contentStack.visibleChildName = shown
        // A hidden page's keys are skipped too (the Events page's Ctrl+N, Ctrl+D).
        let names = [SidebarPage.sync.tag, "unavailable"] + modulePages.keys.map(\.tag)
        for other in names where other != shown {
            contentStack.child(named: other)?.isVisible = false
        }
        syncPage?.setVisible(page == .sync)
        updateTitle()
        // Labels a page's library widgets made since (view switchers, placeholders) show their
        // whole text on hover when it does not fit, as the page's own labels do.
        contentStack.child(named: shown)?.showFullTextOfShortenedLabels()
    }

    /// Makes a module's page the first time it is asked for: none is built for the first
    /// frame but Events, so launching costs the same as before they existed.
    private func buildModulePage(_ module: Module) {
        guard modulePages[.module(module)] == nil, let environment,
              let page = ModulePages.make(module, environment: environment, window: window, toasts: toasts)
        else { return }
        install(page, for: .module(module))
    }

    /// Makes the Profile page the first time it is shown, as the modules' pages are.
    private func buildProfilePage() {
        guard modulePages[.profile] == nil, let environment else { return }
        install(ProfilePage(service: environment.records, window: window, toasts: toasts), for: .profile)
    }

    /// Makes the Media page the first time it is shown, as the modules' pages are.
    private func buildMediaPage() {
        guard modulePages[.media] == nil, let environment else { return }
        install(MediaPage(environment: environment, window: window), for: .media)
    }

    /// Puts a page in the window and tells it what every page built has been told.
    private func install(_ page: ModulePage, for sidebarPage: SidebarPage) {
        modulePages[sidebarPage] = page
        leaflet.onFoldedChanged { [weak page] folded in page?.setFolded(folded) }
        page.setFolded(leaflet.isFolded)
        page.setCanEdit(canEdit)
        page.setRole(role)
        if let approvals = page as? ApprovalsPage {
            approvals.onWaitingCount = { [weak self] count in self?.sidebar.setWaitingCount(count) }
            approvals.onRecordsChanged = { [weak self] in self?.recordsChanged() }
        }
        if let monitor = syncMonitor {
            page.onLocalChange = { [weak monitor] in monitor?.changesMade() }
            page.syncReady(history: monitor.services.history)
        }
        contentStack.addNamed(page.widget, name: sidebarPage.tag)
        page.show(organization)
    }

    /// "Events — Grace Community Church — Steward": what the window list and screen readers say.
    private func updateTitle() {
        let parts = [page?.title, organization?.name, "Steward"].compactMap { $0 }
        window.title = parts.joined(separator: " — ")
    }

    /// The no-organization page with its ways in (it may have shown a startup error before).
    private func showFirstRun() {
        noOrganizationsPage.iconName = "system-users-symbolic"
        noOrganizationsPage.title = tr("No Organizations Yet")
        noOrganizationsPage.statusDescription = Self.firstRunDescription
        setFirstRunOffered(true)
        windowStack.visibleChildName = "no-organizations"
    }

    /// Create and Demo on the first run; only Check Again when the database would not open.
    private func setFirstRunOffered(_ offered: Bool) {
        ui.object("create_organization_button", as: Button.self).isVisible = offered
        ui.object("explore_demo_button", as: Button.self).isVisible = offered
        ui.object("check_again_button", as: Button.self).isVisible = !offered
    }

    private func showStartupError(_ error: Error) {
        setFirstRunOffered(false)
        noOrganizationsPage.iconName = "dialog-warning-symbolic"
        if case DatabaseFileError.madeByNewerRelease? = error as? DatabaseFileError {
            // The error names the file and says to update; the title says what happened.
            noOrganizationsPage.title = tr("Made by a Newer Steward")
        } else {
            noOrganizationsPage.title = tr("Cannot Open the Database")
        }
        noOrganizationsPage.statusDescription = Label.escapeMarkup(
            "\(AppEnvironment.configuredPath)\n\n\(error)")
        windowStack.visibleChildName = "no-organizations"
    }

    /// Shown for an organization whose modules this version cannot display yet.
    private static func unavailablePage() -> Widget {
        let page = StatusPage(title: tr("Nothing to Show Yet"),
                              description: tr("This organization uses no page this version of Steward can show."),
                              iconName: "applications-science-symbolic")
        let box = Box.vertical()
        let header = HeaderBar()
        box.append(header)
        page.vexpand = true
        box.append(page)
        return box
    }
}
