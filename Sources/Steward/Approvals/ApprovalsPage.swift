import Foundation
import GtkKit
import StewardCore
import Translation

/// The Approvals page: the queue of events members submitted, oldest first, with filters and a
/// search; a submission as members will see it with its trail and, for a re-review, what changed;
/// Approve, Reject and Request Changes (stock reasons one click away), and Approve Selected over a
/// multiple selection. Decisions are local edits with an outbox entry, sent by the next sync;
/// when the organization's mail is set up, each submitter with an e-mail address is also told by
/// e-mail at once (`DecisionMail`, off the main thread, the result in a toast, logged).
///
/// Roles: approvers and admins decide; editors and viewers see the queue without the buttons.
/// Beside the queue, the app's members (`MembersPane`), which admins make trusted organizers
/// or disable.
@MainActor
final class ApprovalsPage: ModulePage {
    let widget: Widget
    private let header: ModuleHeader
    private let service: ApprovalService
    private let mail: MailService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let searchEntry: SearchEntry
    private let statusFilter: DropDown
    private let countLabel: Label
    private let listStack: Stack
    /// Over the queue until an organization's submissions are read: never "no submissions"
    /// meanwhile.
    private let loading: LoadingPage
    private let keys = KeyListModel()
    private let selection: MultiSelection
    private let table: ColumnView
    private let detail: SubmissionDetail
    private let membersPane: MembersPane
    private let decisionBar: Widget
    private let approveSelectedButton: Widget
    private let actions = ActionGroup()
    private var actionByName: [String: Action] = [:]

    private var organization: Organization?
    /// Every submission of the organization, as last read; filtered in memory per keystroke.
    private var allRows: [QueueRow] = []
    private var rows: [Int64: QueueRow] = [:]
    private var stableKeys = StableKeys<String>()
    private var order: [Int64] = []
    private var loadRequest = 0
    private var detailRequest = 0
    private var shownRecord: LocalRecord?
    private var mayDecide = true
    private var canEdit = true

    var onLocalChange: (() -> Void)?
    /// How many submissions wait for a decision: the sidebar's count.
    var onWaitingCount: ((Int) -> Void)?
    /// Records other pages show changed with a decision: an approval writes the event members
    /// will see, so Events lists it at once.
    var onRecordsChanged: (() -> Void)?

    /// The filter's choices, in the drop-down's order (nil: the queue).
    private static let filters: [Set<SubmissionStatus>?] = [nil, [.pending], [.changesRequested], [.approved], [.rejected],
                                                           Set(SubmissionStatus.allCases)]

    init(service: ApprovalService, mail: MailService, records: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        self.service = service
        self.mail = mail
        self.window = window
        self.toasts = toasts
        let ui = Builder(resource: ResourceBundle.path("Approvals/approvals-page.ui"))
        widget = ui.object("approvals_page")
        header = ModuleHeader(ui: ui)
        searchEntry = ui.object("search_entry")
        statusFilter = ui.object("status_filter")
        countLabel = ui.object("count_label")
        listStack = ui.object("list_stack")
        loading = LoadingPage(in: listStack, pages: ["list", "empty"])
        decisionBar = ui.object("decision_bar")
        approveSelectedButton = ui.object("approve_selected_button")
        detail = SubmissionDetail(box: ui.object("detail_box"))
        membersPane = MembersPane(service: service, records: records, toasts: toasts)
        membersPane.widget.vexpand = true
        ui.object("members_holder", as: Box.self).append(membersPane.widget)
        selection = MultiSelection(model: keys)
        table = ColumnView(model: selection)
        table.setAccessibleLabel(tr("Submissions"))
        ui.object("list_scroller", as: ScrolledWindow.self).setChild(table)
        addColumns()
        installActions()
        selection.onSelectionChanged { [weak self] in self?.selectionChanged() }
        searchEntry.onSearchChanged { [weak self] in self?.applyFilter() }
        searchEntry.onStopSearch { [weak self] in self?.searchEntry.text = "" }
        SearchToList.connect(search: searchEntry, list: table, enterToo: true) { [weak self] in self?.keys.count ?? 0 }
        statusFilter.onSelectionChanged { [weak self] _ in self?.applyFilter() }
        detail.clear(tr("Choose a submission to see it as members will."))
        membersPane.onLocalChange = { [weak self] in self?.onLocalChange?() }
        updateButtons()
    }

    // MARK: ModulePage

    func show(_ org: Organization?) {
        guard org?.id != organization?.id else { return }
        organization = org
        searchEntry.text = ""
        allRows = []
        if org != nil { loading.show() }
        reload()
        membersPane.show(org)
    }

    func setFolded(_ folded: Bool) { header.setFolded(folded) }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        updateButtons()
    }

    func setRole(_ role: StaffRole?) {
        // Signed out (a console used alone), the person at it decides, as with stewardctl.
        mayDecide = role.map { $0 == .admin || $0 == .approver } ?? true
        membersPane.setMayManage(role.map { $0 == .admin } ?? true)
        updateButtons()
    }

    func refresh() {
        reload()
        membersPane.reload()
    }

    // MARK: table

    private func addColumns() {
        // Few columns, so the title stays readable beside the detail; who submitted it is in
        // the detail and found by the search.
        // The narrow columns are as wide as their longest text in the person's language
        // ("Changes requested", "Cambios solicitados"), in characters rather than pixels.
        let statusWords = SubmissionStatus.allCases.map(\.title) + [tr("Re-review")]
        let columns: [(String, Int, @MainActor (QueueRow) -> String)] = [
            (tr("Title"), 10, { $0.title }),
            (tr("Submitted"), 7, { [weak self] row in self?.day(row.submittedAt) ?? "" }),
            (tr("Status"), statusWords.map(\.count).max() ?? 12,
             { row in row.isReReview && row.status.isQueued ? tr("Re-review") : row.status.title }),
        ]
        for (index, column) in columns.enumerated() {
            table.addColumn(
                title: column.0, expand: index == 0,
                setup: { () -> Label in
                    let label = Label()
                    label.xalign = 0
                    label.ellipsizesAtEnd = true
                    label.widthChars = column.1
                    return label
                },
                bind: { [weak self] label, key in
                    guard let row = self?.rows[key] else { return }
                    label.text = column.2(row)
                })
        }
    }

    private func day(_ utc: String) -> String {
        guard let date = DateTimeText.parseUTC(utc) else { return "" }
        return DatePatternText.format(date, "d MMM", zone: organization?.timeZone ?? .gmt)
    }

    // MARK: loading and filtering

    /// Where the first decided submission stood in the list, while the list reloads after a
    /// decision (see `apply(_:)`).
    private var nextAfterDecision: Int?

    private func reload() {
        loadRequest += 1
        let request = loadRequest
        guard let org = organization else { apply([]); return }
        Task {
            do {
                await LoadGate.wait()
                let rows = try await service.queueRows(in: org)
                guard request == loadRequest else { return }
                allRows = rows
                applyFilter(loaded: true)
                onWaitingCount?(rows.filter { $0.status.isQueued }.count)
            } catch {
                if request == loadRequest, loading.isShown { applyFilter(loaded: true) }
                toasts.showToast(tr("Could not load the submissions: {error}", ["error": "\(error)"]))
            }
        }
    }

    /// Narrows the rows read to the filter and the search; while they are still being read
    /// (a search typed meanwhile) the spinner stays until they are.
    private func applyFilter(loaded: Bool = false) {
        guard loaded || !loading.isShown else { return }
        let statuses = statusFilter.selectedIndex.flatMap { Self.filters.indices.contains($0) ? Self.filters[$0] : nil }
        apply(ApprovalQueue.filter(allRows, statuses: statuses, search: searchEntry.text))
    }

    private func apply(_ found: [QueueRow]) {
        let selected = Set(selection.selectedKeys.compactMap { rows[$0]?.key })
        rows = [:]
        order = found.map { row in
            let key = stableKeys.key(for: row.key)
            rows[key] = row
            return key
        }
        keys.setKeys(order)
        for (position, key) in order.enumerated() where rows[key].map({ selected.contains($0.key) }) == true {
            selection.select(position, exclusive: false)
        }
        // After a decision took the submission out of the queue, the next one is shown (the
        // one that took its place, or the last), not an empty pane.
        if let next = nextAfterDecision, selection.selectedKeys.isEmpty, !order.isEmpty {
            selection.select(min(next, order.count - 1), exclusive: true)
        }
        nextAfterDecision = nil
        countLabel.text = found.isEmpty ? "" : trn("{count} submission", "{count} submissions", found.count)
        let page = found.isEmpty ? "empty" : "list"
        loading.finish(showing: page)
        listStack.child(named: page == "list" ? "empty" : "list")?.isVisible = false
        selectionChanged()
    }

    private var selectedIDs: [UUID] {
        selection.selectedKeys.compactMap { rows[$0]?.id }
    }

    private func selectionChanged() {
        updateButtons()
        let ids = selectedIDs
        detailRequest += 1
        let request = detailRequest
        guard let org = organization, let first = ids.first else {
            shownRecord = nil
            detail.clear(order.isEmpty ? "" : tr("Choose a submission to see it as members will."))
            return
        }
        if ids.count > 1 {
            shownRecord = nil
            detail.clear(trn("{count} submission selected. Approve Selected approves it.",
                             "{count} submissions selected. Approve Selected approves them all.", ids.count))
            return
        }
        Task {
            guard let record = try? await service.submission(first, in: org), request == detailRequest else { return }
            let clashes = (try? await service.clashes(of: record, in: org)) ?? []
            guard request == detailRequest else { return }
            shownRecord = record
            detail.show(record, zone: org.timeZone, clashes: clashes)
            updateButtons()
        }
    }

    // MARK: decisions

    private func installActions() {
        actionByName["approve"] = actions.addAction("approve") { [weak self] in self?.decide(.approved) }
        actionByName["reject"] = actions.addAction("reject") { [weak self] in self?.decide(.rejected) }
        actionByName["request-changes"] = actions.addAction("request-changes") { [weak self] in self?.decide(.changesRequested) }
        actionByName["approve-selected"] = actions.addAction("approve-selected") { [weak self] in self?.decide(.approved) }
        actions.addAction("search") { [weak self] in
            _ = self?.searchEntry.grabFocus()
            self?.searchEntry.selectAll()
        }
        actions.addAction("select-all") { [weak self] in self?.selection.selectAll() }
        widget.insertActionGroup(actions, prefix: "approvals")
        let controller = Shortcuts.controller(Shortcuts.approvalsPage)
        controller.runsInCapturePhase = true
        widget.addController(controller)
    }

    private func updateButtons() {
        let allowed = canEdit && mayDecide
        decisionBar.isVisible = allowed
        approveSelectedButton.isVisible = allowed
        let selected = selection.selectedKeys.compactMap { rows[$0] }
        let queued = !selected.isEmpty && selected.allSatisfy { $0.status.isQueued }
        actionByName["approve"]?.isEnabled = allowed && queued
        actionByName["approve-selected"]?.isEnabled = allowed && queued
        let one = allowed && selected.count == 1
        actionByName["reject"]?.isEnabled = one && queued
        actionByName["request-changes"]?.isEnabled = one && selected.first?.status == .pending
    }

    private func decide(_ status: SubmissionStatus) {
        guard let org = organization else { return }
        let ids = selectedIDs
        guard !ids.isEmpty else { return }
        if status == .approved {
            apply(status, ids: ids, reason: "", org: org)
            return
        }
        let title = shownRecord.map { RecordType.submission.title(of: $0.fields) } ?? tr("this submission")
        Task {
            let reasons = (try? await service.stockReasons(in: org)) ?? []
            ReasonDialog.ask(parent: window, status: status, title: title, stockReasons: reasons) { [weak self] reason in
                self?.apply(status, ids: ids, reason: reason, org: org)
            }
        }
    }

    private func apply(_ status: SubmissionStatus, ids: [UUID], reason: String, org: Organization) {
        Task {
            do {
                let decided = try await service.decide(ids, to: status, reason: reason, in: org)
                let what = decided.count == 1 ? "“\(RecordType.submission.title(of: decided[0].fields))”"
                    : trn("{count} submission", "{count} submissions", decided.count)
                toasts.showToast(tr("{decision}: {what}. Sent with the next sync.", ["decision": status.title, "what": what]))
                onLocalChange?()
                if status == .approved { onRecordsChanged?() }
                nextAfterDecision = order.firstIndex { rows[$0].map { ids.contains($0.id) } == true }
                // The decision shows at once: the decided rows take their new status (leaving
                // the queue) before it is read again, rather than stand there as they were
                // until the read lands.
                let decidedIDs = Set(decided.map(\.id))
                allRows = allRows.map { decidedIDs.contains($0.id) ? $0.withStatus(status) : $0 }
                applyFilter()
                reload()
                await mailDecision(decided, status: status, reason: reason, org: org)
            } catch let refusal as ApprovalRefusal {
                // Said in full: a toast cuts a reason off mid-word and takes it away.
                RefusalDialog.show(parent: window, heading: tr("Not Decided"), reason: refusal.message)
            } catch {
                toasts.showToast(tr("Could not save the decision: {error}", ["error": "\(error)"]))
            }
        }
    }

    /// The decision to each submitter by e-mail, when mail is set up; a toast says how it went.
    /// The decision stands either way.
    private func mailDecision(_ decided: [LocalRecord], status: SubmissionStatus, reason: String, org: Organization) async {
        do {
            let entries = try await DecisionMail.send(decided, status: status, reason: reason, in: org, mail: mail)
            let failed = entries.filter { !$0.wasSent }
            if let first = failed.first, let error = first.error {
                toasts.showToast(trn("The decision was not e-mailed to {address}: {reason}",
                                     "The decision was not e-mailed to {count} submitters, {address} first: {reason}",
                                     failed.count, ["address": first.recipient, "reason": error]), timeout: 12)
            } else if !entries.isEmpty {
                toasts.showToast(trn("Decision e-mailed to {address}", "Decision e-mailed to {count} submitters", entries.count,
                                     ["address": entries[0].recipient]))
            }
        } catch {
            toasts.showToast(tr("The decision was not e-mailed: {reason}", ["reason": "\(error)"]), timeout: 12)
        }
    }
}
