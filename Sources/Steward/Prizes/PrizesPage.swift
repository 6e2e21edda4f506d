import GtkKit
import StewardCore
import Translation

/// The Prizes page: the passport's prizes, the redemptions staff recorded and the levels, each
/// a record list from its type's declaration, switched in the header. Record Redemption (and
/// the redemptions list's New) hands the selected prize to a member through
/// `RedemptionDialog`, which says before anything is written why the rules refuse; Undo… takes
/// back the selected redemption with a note (`RedemptionUndoDialog`).
@MainActor
final class PrizesPage: ModulePage {
    let widget: Widget
    private let switcherTitle: Widget
    private let backButton: Button
    private let header: Widget
    private let redeemButton: Button
    private let undoButton: Button
    private let stack: ViewStack
    private let group: RecordListGroup
    private let prizes: RecordListPage
    private let redemptions: Redemptions
    private let records: RecordService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let actions = ActionGroup()
    private var redeemAction: Action?
    private var undoAction: Action?
    private var organization: Organization?
    private var canEdit = true
    private var dialog: RedemptionDialog?

    var onLocalChange: (() -> Void)? {
        get { group.onLocalChange }
        set { group.onLocalChange = newValue }
    }

    init(service: RecordService, window: ApplicationWindow, toasts _: ToastOverlay) {
        records = service
        redemptions = Redemptions(database: service.database)
        self.window = window
        let ui = Builder(resource: ResourceBundle.path("Prizes/prizes-page.ui"))
        // The page's own overlay: its toasts show above the view switcher at the bottom.
        let toasts: ToastOverlay = ui.object("page_toasts")
        self.toasts = toasts
        widget = ui.object("prizes_page")
        switcherTitle = ui.object("switcher_title")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        redeemButton = ui.object("redeem_button")
        undoButton = ui.object("undo_redemption_button")
        switcherTitle.setProperty("title", Module.prizes.title)
        let stack: ViewStack = ui.object("view_stack")
        self.stack = stack
        let types: [(RecordType, String)] = [(.prize, "starred-symbolic"), (.redemption, "emblem-ok-symbolic"),
                                             (.passportLevel, "view-list-ordered-symbolic")]
        let lists = types.map { type, icon in
            let list = RecordListPage(type: type, service: service, window: window, toasts: toasts)
            list.widget.vexpand = true
            stack.addTitled(RecordListGroup.view(holding: list), name: type.entity, title: type.nouns.pluralTitle.text, iconName: icon)
            return list
        }
        prizes = lists[0]
        group = RecordListGroup(lists, names: types.map(\.0.entity), stack: stack)
        lists[1].addToolbarButton(undoButton)
        redeemAction = actions.addAction("redeem") { [weak self] in self?.openDialog() }
        widget.insertActionGroup(actions, prefix: "prizes")
        // A redemption is made by the dialog: a member and a prize, checked against its rules.
        lists[1].onNew = { [weak self] in self?.openDialog() }
        undoAction = actions.addAction("undo") { [weak self] in self?.undoSelected() }
        lists[1].onSelectionChanged = { [weak self] in self?.updateActions() }
        stack.onVisibleChildChanged { [weak self] _ in self?.updateActions() }
        updateActions()
    }

    private func openDialog() {
        guard let org = organization, canEdit, dialog == nil else { return }
        let shown = RedemptionDialog(parent: window, organization: org, records: records, redemptions: redemptions,
                                     prize: prizes.selectedRecord?.id) { [weak self] message in
            guard let self else { return }
            self.toasts.showToast(message)
            self.group.onLocalChange?()
            self.group.refresh()
        }
        shown.onClosed = { [weak self] in self?.dialog = nil }
        dialog = shown
        shown.present()
    }

    private var redemptionList: RecordListPage { group.lists[1] }

    /// The selected redemption when it is a claim that can be undone (not an undo itself).
    private var undoableRedemption: LocalRecord? {
        redemptionList.selectedRecord.flatMap { RedemptionClaims.isUndo($0.fields) ? nil : $0 }
    }

    private func undoSelected() {
        guard let org = organization, canEdit, let redemption = undoableRedemption else { return }
        Task {
            let prizeName = (try? await records.titles(of: RecordType.prize.entity, in: org))?
                .first { $0.key.uuidString.lowercased() == redemption["prize"]?.stringValue }?.value ?? ""
            let member = try? await records.list(.member, in: org).first { $0.key == redemption["member"]?.stringValue }
            let memberName = member.map { RecordType.member.title(of: $0.fields) } ?? (redemption["member"]?.stringValue ?? "")
            RedemptionUndoDialog.present(parent: window, redemption: redemption, prizeName: prizeName, memberName: memberName,
                                         organization: org, redemptions: redemptions) { [weak self] message, changed in
                guard let self else { return }
                self.toasts.showToast(message)
                if changed {
                    self.group.onLocalChange?()
                    self.group.refresh()
                }
            }
        }
    }

    private func updateActions() {
        redeemAction?.isEnabled = organization != nil && canEdit
        redeemButton.isVisible = canEdit
        undoButton.isVisible = canEdit
        undoAction?.isEnabled = organization != nil && canEdit && undoableRedemption != nil
    }

    func show(_ org: Organization?) {
        organization = org
        switcherTitle.setProperty("subtitle", org?.name ?? "")
        group.show(org)
        updateActions()
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        group.setCanEdit(allowed)
        updateActions()
    }

    func syncReady(history: HistoryService) { group.syncReady(history: history) }

    func refresh() {
        group.refresh()
    }
}
