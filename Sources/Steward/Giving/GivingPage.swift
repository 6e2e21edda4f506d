import GtkKit
import StewardCore

/// The Giving page: the organization's giving funds, listed and edited as the fund type
/// declares them. Nothing here is particular to funds but the page's place in the window.
@MainActor
final class GivingPage: ModulePage {
    let widget: Widget
    private let header: ModuleHeader
    private let funds: RecordListPage

    var onLocalChange: (() -> Void)? {
        get { funds.onLocalChange }
        set { funds.onLocalChange = newValue }
    }

    init(service: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        let ui = Builder(resource: ResourceBundle.path("Giving/giving-page.ui"))
        widget = ui.object("giving_page")
        header = ModuleHeader(ui: ui)
        funds = RecordListPage(type: .fund, service: service, window: window, toasts: toasts)
        funds.widget.vexpand = true
        ui.object("list_holder", as: Box.self).append(funds.widget)
    }

    func show(_ org: Organization?) {
        header.show(org)
        funds.show(org)
    }

    func setFolded(_ folded: Bool) { header.setFolded(folded) }
    func setCanEdit(_ allowed: Bool) { funds.setCanEdit(allowed) }
    func refresh() { funds.refresh() }
}
