import Foundation
import GtkKit
import StewardCore
import StewardCredentials
import Translation

/// A lending library page, Books or Loans: one record list per type the module holds (books,
/// shelves and reviews; loans, borrowers, lenders, borrowed books, the lending policy and
/// borrowers' reading lists), each from
/// its type's declaration, switched in the header. Loans name books and borrowers, so when one
/// list changes the others read their titles again. Above the lists, the lending bar's moves
/// (lend, renew, return, lost, claims returned, history) act on the selected record; the
/// Loans page adds its counts and the overdue / due-soon report as a view of its own; the Books
/// page adds scan mode (a barcode scanner catalogues a shelf), imports from other catalogues
/// and exports of the catalogue and its lists.
@MainActor
final class LibraryPage: ModulePage {
    let widget: Widget
    private let switcherTitle: Widget
    private let backButton: Button
    private let header: Widget
    private let stack: ViewStack
    private let group: RecordListGroup
    private let bar: LendingBar
    private let report: LoanReportView?
    private let scanBar: ScanBar?
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let service: RecordService
    private var organization: Organization?
    private var importChooser: FileChooser?
    private var importWindow: ImportPreviewWindow?
    private var exporter: BookListExporter?
    private var scanAction: Action?
    private var importAction: Action?
    private var canEdit = true

    var onLocalChange: (() -> Void)?

    /// The stack's name of the report view.
    private static let reportName = "report"

    init(module: Module, service: RecordService, window: ApplicationWindow, toasts _: ToastOverlay) {
        let ui = Builder(resource: ResourceBundle.path("Library/library-page.ui"))
        self.window = window
        // What this page says shows in its own overlay, above the view switcher at the bottom
        // of a narrow window rather than over its tabs.
        let toasts: ToastOverlay = ui.object("page_toasts")
        self.toasts = toasts
        self.service = service
        widget = ui.object("library_page")
        switcherTitle = ui.object("switcher_title")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        switcherTitle.setProperty("title", module.title)
        let loans = LoanService(database: service.database)
        bar = LendingBar(showsCounts: module == .loans, loans: loans, records: service, window: window, toasts: toasts)
        scanBar = module == .books ? ScanBar(records: service) : nil
        if let scanBar { ui.object("bar_holder", as: Box.self).append(scanBar.widget) }
        ui.object("bar_holder", as: Box.self).append(bar.widget)
        report = module == .loans
            ? LoanReportView(loans: loans, mail: MailService(database: service.database, credentials: LazyCredentialStore()),
                             window: window, toasts: toasts)
            : nil
        let types = Self.order(RecordTypes.types(in: module))
        stack = ui.object("view_stack")
        var lists: [RecordListPage] = []
        for type in types {
            let list = RecordListPage(type: type, service: service, window: window, toasts: toasts)
            list.widget.vexpand = true
            if type.entity == RecordType.book.entity {
                // Which copies are out, and until when, beside the catalogue's own columns.
                list.addReadColumn(title: tr("On Loan"), widthChars: BookLoanText.longestCount) { org, books in
                    try await loans.loanTexts(ofBooks: books.map(\.id), in: org)
                }
            }
            // Each view is a holder that stays visible, since a stack does not switch back to a
            // hidden child; RecordListGroup hides the list inside it while another view shows.
            let holder = Box.vertical()
            holder.append(list.widget)
            stack.addTitled(holder, name: type.entity, title: type.nouns.pluralTitle.text, iconName: Self.iconName(type))
            lists.append(list)
            // The report comes right after the loans it is made of.
            if type.entity == RecordType.loan.entity, let report {
                // The view stays visible (a stack does not switch to a hidden child); the
                // report inside it is hidden while another view is shown.
                let holder = Box.vertical()
                report.widget.vexpand = true
                holder.append(report.widget)
                stack.addTitled(holder, name: Self.reportName, title: tr("Overdue"), iconName: "alarm-symbolic")
            }
        }
        group = RecordListGroup(lists, names: types.map(\.entity), stack: stack)
        group.onLocalChange = { [weak self] in self?.changed() }
        bar.onChanged = { [weak self] in
            self?.group.refresh()
            self?.changed()
        }
        report?.onChanged = { [weak self] in
            self?.group.refresh()
            self?.onLocalChange?()
            self?.bar.refreshCounts()
        }
        for list in lists {
            list.onSelectionChanged = { [weak self, weak list] in
                guard let self, let list, self.stack.visibleChildName == list.type.entity else { return }
                self.bar.follow(entity: list.type.entity, selected: list.selectedRecord)
            }
        }
        stack.onVisibleChildChanged { [weak self] shown in self?.shown(shown) }
        shown(stack.visibleChildName)
        if module == .books { installCatalogueTools(ui) }
    }

    // MARK: scan mode and imports (Books)

    private var booksList: RecordListPage? { group.lists.first { $0.type.entity == RecordType.book.entity } }

    private func installCatalogueTools(_ ui: Builder) {
        ui.object("scan_button", as: Widget.self).isVisible = true
        ui.object("import_button", as: Widget.self).isVisible = true
        let exportButton = ui.object("export_button", as: MenuButton.self)
        exportButton.isVisible = true
        exportButton.setMenu(BookListExporter.menu())
        let exporter = BookListExporter(records: service, window: window, toasts: toasts)
        exporter.installActions(on: widget)
        self.exporter = exporter
        let actions = ActionGroup()
        scanAction = actions.addToggleAction("scan-mode", initial: false) { [weak self] on in self?.setScanning(on) }
        importAction = actions.addAction("import") { [weak self] in self?.chooseImportFile() }
        widget.insertActionGroup(actions, prefix: "catalogue")
        scanBar?.onScanned = { [weak self] book, added in
            guard let self else { return }
            if added { self.changed() }
            Task { await self.booksList?.reloadSelecting(book.id) }
        }
        scanBar?.onFilled = { [weak self] id in
            guard let self else { return }
            self.changed()
            Task { await self.booksList?.reloadSelecting(id) }
        }
        updateCatalogueActions()
    }

    private func setScanning(_ on: Bool) {
        if on { stack.visibleChildName = RecordType.book.entity }
        scanBar?.setActive(on)
    }

    private func updateCatalogueActions() {
        let allowed = canEdit && organization != nil
        scanAction?.isEnabled = allowed
        importAction?.isEnabled = allowed
        if !allowed, scanAction?.boolState == true {
            scanAction?.boolState = false
            scanBar?.setActive(false)
        }
    }

    private func chooseImportFile() {
        guard importChooser == nil, importWindow == nil, let org = organization else { return }
        let chooser = FileChooser(.open, title: tr("Choose a File to Import"), parent: window, acceptLabel: tr("_Open"))
        chooser.addFilter(name: tr("CSV files"), patterns: ["*.csv", "*.CSV", "*.txt"], allFilesName: tr("All files"))
        chooser.onChosen = { [weak self] path in
            guard let self else { return }
            self.importChooser = nil
            guard let path else { return }
            self.preview(path, org: org)
        }
        importChooser = chooser
        chooser.show()
    }

    /// Reads the file (its format told by its header), previews it, and shows the preview.
    func preview(_ path: String, org: Organization) {
        let name = (path as NSString).lastPathComponent
        let importer = BookImporter(database: service.database)
        Task {
            do {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let file = try BookImportFile.parse(text, format: BookImportFormat.detect(text: text), file: name)
                let preview = try await importer.preview(file, in: org)
                let content = CatalogueImportPreview.make(fileName: name, file: file, preview: preview, importer: importer,
                                                          organization: org) { [weak self] count in
                    guard let self else { return }
                    self.toasts.showToast(trn("Imported {count} book", "Imported {count} books", count))
                    self.changed()
                    self.group.refresh()
                }
                let shown = ImportPreviewWindow(parent: window, preview: content)
                shown.onClosed = { [weak self] in self?.importWindow = nil }
                importWindow = shown
                shown.present()
            } catch let error as BookImportError {
                // Said in full: which row or column is wrong does not fit a toast.
                RefusalDialog.show(parent: window, heading: tr("Cannot Import {file}", ["file": name]), reason: error.description)
            } catch {
                RefusalDialog.show(parent: window, heading: tr("Cannot Import {file}", ["file": name]), reason: "\(error)")
            }
        }
    }

    /// The page's main type first: loans before the people they name.
    private static func order(_ types: [RecordType]) -> [RecordType] {
        let first: Set<String> = [RecordType.book.entity, RecordType.loan.entity]
        return types.filter { first.contains($0.entity) } + types.filter { !first.contains($0.entity) }
    }

    private static func iconName(_ type: RecordType) -> String {
        switch type.entity {
        case RecordType.book.entity: "accessories-dictionary-symbolic"
        case RecordType.shelf.entity: "view-grid-symbolic"
        case RecordType.loan.entity: "document-send-symbolic"
        case RecordType.borrower.entity, RecordType.lender.entity: "avatar-default-symbolic"
        case RecordType.borrowing.entity: "folder-download-symbolic"
        case RecordType.bookReview.entity: "starred-symbolic"
        case RecordType.readingListEntry.entity: "view-list-symbolic"
        default: "preferences-system-symbolic"
        }
    }

    /// The view shown changed: the bar follows its list, and the report is visible only when
    /// shown (as the lists are), so screen readers meet only what is on screen.
    private func shown(_ name: String?) {
        report?.widget.isVisible = name == Self.reportName
        // Mail may have been set up in Preferences since: Send Reminder follows.
        if name == Self.reportName { report?.recheckMail() }
        let list = group.lists.first { $0.type.entity == name }
        bar.follow(entity: list?.type.entity ?? name ?? "", selected: list?.selectedRecord)
    }

    /// Records changed here: sync follows, and so do the counts and the report.
    private func changed() {
        onLocalChange?()
        bar.refreshCounts()
        report?.refresh()
    }

    func show(_ org: Organization?) {
        organization = org
        exporter?.organization = org
        scanBar?.show(org)
        updateCatalogueActions()
        switcherTitle.setProperty("subtitle", org?.name ?? "")
        group.show(org)
        bar.show(org)
        report?.show(org)
        shown(stack.visibleChildName)
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        updateCatalogueActions()
        group.setCanEdit(allowed)
        bar.setCanEdit(allowed)
    }

    func syncReady(history: HistoryService) { group.syncReady(history: history) }

    func refresh() {
        group.refresh()
        bar.refreshCounts()
        report?.refresh()
    }
}
