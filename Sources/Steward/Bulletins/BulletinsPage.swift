import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// The Bulletins page: the organization's bulletins as the bulletin type declares them (title,
/// date, publish time, and a status column: Draft, Scheduled, Live, Expired), plus what only
/// bulletins have: a preview of how the selected one reads on a phone, and "Copy to Next Week",
/// which makes next Sunday's draft from this one, Print, and Export as PDF (the same pages
/// `stewardctl bulletins export` writes).
@MainActor
final class BulletinsPage: ModulePage {
    let widget: Widget
    private let header: ModuleHeader
    private let bulletins: RecordListPage
    private let service: RecordService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let previewAction: Action
    private let copyAction: Action
    private let printAction: Action
    private let exportAction: Action
    private let saver: ExportSaver
    private let copyButton: Widget
    private var preview: BulletinPreview?
    private var canEdit = true

    var onLocalChange: (() -> Void)? {
        get { bulletins.onLocalChange }
        set { bulletins.onLocalChange = newValue }
    }

    init(service: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        self.service = service
        self.window = window
        self.toasts = toasts
        saver = ExportSaver(window: window, toasts: toasts)
        let ui = Builder(resource: ResourceBundle.path("Bulletins/bulletins-page.ui"))
        widget = ui.object("bulletins_page")
        header = ModuleHeader(ui: ui)
        copyButton = ui.object("copy_button")
        bulletins = RecordListPage(type: .bulletin, service: service, window: window, toasts: toasts)
        bulletins.widget.vexpand = true
        ui.object("list_holder", as: Box.self).append(bulletins.widget)

        previewAction = Action(name: "preview")
        copyAction = Action(name: "copy-next-week")
        printAction = Action(name: "print")
        exportAction = Action(name: "export-pdf")
        previewAction.onActivate { [weak self] _ in self?.showPreview() }
        copyAction.onActivate { [weak self] _ in self?.copyToNextWeek() }
        printAction.onActivate { [weak self] _ in self?.printSelected() }
        exportAction.onActivate { [weak self] _ in self?.exportSelected() }
        let actions = ActionGroup()
        for action in [previewAction, copyAction, printAction, exportAction] {
            action.isEnabled = false
            actions.add(action)
        }
        widget.insertActionGroup(actions, prefix: "bulletins")
        bulletins.onSelectionChanged = { [weak self] in self?.updateActions() }
    }

    func show(_ org: Organization?) {
        header.show(org)
        bulletins.show(org)
    }

    func setFolded(_ folded: Bool) { header.setFolded(folded) }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        copyButton.isVisible = allowed
        bulletins.setCanEdit(allowed)
        updateActions()
    }

    func refresh() { bulletins.refresh() }

    private func updateActions() {
        let selected = bulletins.selectedRecord != nil
        previewAction.isEnabled = selected
        printAction.isEnabled = selected
        exportAction.isEnabled = selected
        copyAction.isEnabled = selected && canEdit
    }

    private func showPreview() {
        guard preview == nil, let org = bulletins.organization, let bulletin = bulletins.selectedRecord else { return }
        let shown = BulletinPreview(parent: window, bulletin: bulletin, organization: org)
        shown.onClosed = { [weak self] in self?.preview = nil }
        preview = shown
        shown.present()
    }

    private func copyToNextWeek() {
        guard canEdit, let org = bulletins.organization, let original = bulletins.selectedRecord else { return }
        Task {
            do {
                let copy = try await service.copyBulletinToNextWeek(original.id, in: org)
                bulletins.changed()
                await bulletins.reloadSelecting(copy.id)
                let date = RecordType.bulletin.field("date")?.kind.displayText(copy.fields["date"], zone: org.timeZone) ?? ""
                toasts.showToast(tr("Copied as a draft for {date}", ["date": date]))
            } catch {
                toasts.showToast(tr("Could not copy the bulletin: {error}", ["error": "\(error)"]))
            }
        }
    }

    // MARK: printing

    private func printBlocks() -> (blocks: [PrintBlock], title: String, date: String)? {
        guard let org = bulletins.organization, let bulletin = bulletins.selectedRecord else { return nil }
        return (BulletinPrint.blocks(of: bulletin.fields, organization: org.name, zone: org.timeZone),
                RecordType.bulletin.title(of: bulletin.fields), bulletin.fields["date"]?.stringValue ?? "")
    }

    /// GTK's print dialog; the pages are laid out for the paper and margins chosen there.
    private func printSelected() {
        guard let (blocks, title, _) = printBlocks() else { return }
        BlockPrinting.run(blocks, jobName: title, window: window, toasts: toasts)
    }

    /// Asks where to save, then writes the PDF on the paper of the person's locale.
    private func exportSelected() {
        guard !saver.isAsking, let (blocks, title, date) = printBlocks() else { return }
        let name = [title, date].filter { !$0.isEmpty }.joined(separator: " ")
            .replacingOccurrences(of: "/", with: "-") + ".pdf"
        saver.save(title: tr("Export Bulletin as PDF"), suggestedName: name) { path in
            try PDFExport.write(PageLayout(blocks: blocks, paper: .ofLocale), to: path)
        }
    }
}
