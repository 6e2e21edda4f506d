import GtkKit
import StewardCore
import StewardCredentials

/// A page of the main window that shows one organization module (Events, Bulletins, Messages,
/// Giving). The window builds each the first time it is shown, never in the first frame (but
/// the Events page, built at start and primed with the first rows), and tells every page
/// built what happens around it.
@MainActor
protocol ModulePage: AnyObject {
    var widget: Widget { get }
    /// Shows `org`'s records (nil: none).
    func show(_ org: Organization?)
    /// On a narrow window the page stands alone: a back button and the window buttons.
    func setFolded(_ folded: Bool)
    /// Whether the person's role lets them change records.
    func setCanEdit(_ allowed: Bool)
    /// Records changed under the page (a sync brought other people's changes).
    func refresh()
    /// Called after every change made on the page: sync follows it.
    var onLocalChange: (() -> Void)? { get set }
    /// The signed-in staff member's role (nil: nobody signed in), for pages where roles differ
    /// beyond editing (only approvers and admins decide on submissions).
    func setRole(_ role: StaffRole?)
    /// Sync is set up: the records' histories can be read (for an editor's History button).
    func syncReady(history: HistoryService)
    /// "Edit and retry" on a change the store rejected: a page whose own editor corrects
    /// changes of this kind opens it and answers true; false leaves the change to the record
    /// kit's generic editor.
    func editRejected(_ change: RejectedChange, in org: Organization, engine: SyncEngine,
                      onRetried: @escaping () -> Void) -> Bool
}

extension ModulePage {
    func setRole(_ role: StaffRole?) {}
    func syncReady(history: HistoryService) {}
    func editRejected(_ change: RejectedChange, in org: Organization, engine: SyncEngine,
                      onRetried: @escaping () -> Void) -> Bool { false }
}

/// The pages of the modules: a module whose entry in ModuleRegistry lists record types gets the
/// generic page of those lists; the others have pages of their own.
@MainActor
enum ModulePages {
    static func make(_ module: Module, environment: AppEnvironment, window: ApplicationWindow,
                     toasts: ToastOverlay) -> ModulePage? {
        if let page = RecordListsPage(module: module, service: environment.records, window: window, toasts: toasts) {
            return page
        }
        return switch module {
        case .bulletins: BulletinsPage(service: environment.records, window: window, toasts: toasts)
        case .announcements: AnnouncementsPage(service: environment.records, window: window, toasts: toasts)
        case .approvals: ApprovalsPage(service: ApprovalService(database: environment.database),
                                       mail: MailService(database: environment.database, credentials: LazyCredentialStore()),
                                       records: environment.records, window: window, toasts: toasts)
        case .books, .loans: LibraryPage(module: module, service: environment.records, window: window, toasts: toasts)
        case .prizes: PrizesPage(service: environment.records, window: window, toasts: toasts)
        case .surveys: SurveyPage(service: environment.records, window: window, toasts: toasts)
        case .community: CommunityPage(service: environment.records, events: environment.events, window: window, toasts: toasts)
        case .leads: LeadsPage(service: environment.records,
                               mail: MailService(database: environment.database, credentials: LazyCredentialStore()),
                               window: window, toasts: toasts)
        case .classSchedule: SchedulePage(service: ScheduleService(database: environment.database, credentials: LazyCredentialStore()),
                                          records: environment.records, window: window, toasts: toasts)
        case .stamps: PassportPage(database: environment.database, window: window, toasts: toasts)
        case .rides: RidesPage(service: RidePlanService(database: environment.database), window: window, toasts: toasts)
        // Built at start by the window and primed with the first rows, never here.
        case .events: nil
        default: nil
        }
    }
}

/// The header every single-list module page shares: a back button on narrow windows and the
/// module's title over the organization's name.
@MainActor
struct ModuleHeader {
    let header: Widget
    let title: WindowTitle
    let backButton: Button

    init(ui: Builder) {
        header = ui.object("page_header")
        title = ui.object("page_title")
        backButton = ui.object("back_button")
    }

    func show(_ org: Organization?) {
        title.subtitle = org?.name ?? ""
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }
}
