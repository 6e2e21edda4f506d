import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// The Loans page's report: overdue loans, or those due in the next week, grouped by
/// borrower (most overdue first) with their phone and e-mail, each book with its due date and
/// days late, and an e-mail reminder per borrower: Send Reminder when the organization's mail is
/// set up (sent off the main thread, the result in a toast, logged), and always the draft in the
/// desktop's mail program (a `mailto:` link). The same report `stewardctl loans report` prints, saved as CSV or PDF, or printed.
@MainActor
final class LoanReportView {
    let widget: Widget
    private let ui: Builder
    private let loans: LoanService
    private let mail: MailService
    /// Whether the organization shown has a mail server: Send Reminder then shows.
    private var mailReady = false
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let kindPicker: DropDown
    private let countLabel: Label
    private let stack: Stack
    /// Over the report while another organization's, or the other kind, is read: never the
    /// report before it, nor "No Overdue Loans" before the loans are known.
    private let loading: LoadingPage
    private let groupsBox: Box
    private var shownGroups: [Widget] = []
    private var organization: Organization?
    private var report: LoanReport?
    private var loadRequest = 0
    private let saver: ExportSaver
    private var actionByName: [String: Action] = [:]

    /// The days "due soon" looks ahead.
    static let dueSoonDays = 7

    /// A loan was renewed or returned from the report: the page's lists and counts follow
    /// (the report reads itself again).
    var onChanged: (() -> Void)?

    init(loans: LoanService, mail: MailService, window: ApplicationWindow, toasts: ToastOverlay) {
        self.loans = loans
        self.mail = mail
        self.window = window
        self.toasts = toasts
        saver = ExportSaver(window: window, toasts: toasts)
        ui = Builder(resource: ResourceBundle.path("Library/loan-report.ui"))
        widget = ui.object("loan_report")
        kindPicker = ui.object("report_kind")
        countLabel = ui.object("report_count")
        stack = ui.object("report_stack")
        loading = LoadingPage(in: stack, pages: ["groups", "empty"])
        groupsBox = ui.object("report_groups")
        let actions = ActionGroup()
        actionByName["export-csv"] = actions.addAction("export-csv") { [weak self] in self?.exportCSV() }
        actionByName["export-pdf"] = actions.addAction("export-pdf") { [weak self] in self?.exportPDF() }
        actionByName["print"] = actions.addAction("print") { [weak self] in self?.printReport() }
        widget.insertActionGroup(actions, prefix: "report")
        kindPicker.onSelectionChanged { [weak self] _ in self?.reread() }
    }

    private var kind: LoanReport.Kind {
        kindPicker.selectedIndex == 1 ? .dueWithin(days: Self.dueSoonDays) : .overdue
    }

    func show(_ org: Organization?) {
        organization = org
        reread()
    }

    /// A different report from the one shown: the spinner until it is read.
    private func reread() {
        if organization != nil { loading.show() }
        refresh()
    }

    /// Reads the report again (a loan moved, a sync brought changes).
    func refresh() {
        loadRequest += 1
        let request = loadRequest
        guard let org = organization else {
            apply(nil)
            return
        }
        let kind = self.kind
        Task {
            do {
                await LoadGate.wait()
                let found = try await loans.report(kind, in: org)
                let ready = await mail.isSetUp(org)
                guard request == loadRequest else { return }
                mailReady = ready
                apply(found)
            } catch {
                if request == loadRequest, loading.isShown { apply(report) }
                toasts.showToast(tr("Could not load the report: {error}", ["error": "\(error)"]))
            }
        }
    }

    /// Whether the organization has a mail server now (set up in Preferences since the report
    /// was read): the borrowers' buttons follow, without reading the report again.
    func recheckMail() {
        guard let org = organization else { return }
        Task {
            let ready = await mail.isSetUp(org)
            guard org.id == organization?.id, ready != mailReady, report != nil, !loading.isShown else { return }
            mailReady = ready
            apply(report)
        }
    }

    private func apply(_ report: LoanReport?) {
        self.report = report
        for group in shownGroups { groupsBox.remove(group) }
        shownGroups = []
        let groups = report?.groups ?? []
        for group in groups {
            let widget = self.group(group)
            groupsBox.append(widget)
            shownGroups.append(widget)
        }
        let hasLoans = !groups.isEmpty
        for name in ["export-csv", "export-pdf", "print"] { actionByName[name]?.isEnabled = hasLoans }
        countLabel.text = report.map {
            trn("{count} loan", "{count} loans", $0.loanCount) + ", " + trn("{count} borrower", "{count} borrowers", $0.groups.count)
        } ?? ""
        let empty: StatusPage = ui.object("report_empty")
        switch kind {
        case .overdue:
            empty.title = tr("No Overdue Loans")
            empty.statusDescription = tr("Every book lent is within its due date.")
        case .dueWithin:
            empty.title = tr("Nothing Due This Week")
            empty.statusDescription = tr("No loan falls due in the next seven days.")
        }
        // The page not shown is hidden too, so screen readers only meet what is on screen.
        let page = hasLoans ? "groups" : "empty"
        loading.finish(showing: page)
        stack.child(named: hasLoans ? "empty" : "groups")?.isVisible = false
    }

    /// A borrower: name, phone and e-mail over their books, and a reminder to send.
    private func group(_ group: LoanReport.Group) -> Widget {
        let contact = [group.phone, group.email].filter { !$0.isEmpty }.joined(separator: " · ")
        let box = PreferencesGroup(title: group.name,
                                   description: contact.isEmpty ? tr("No phone or e-mail on file") : Label.escapeMarkup(contact))
        let organization = self.organization?.name ?? ""
        if let mailto = LoanReminder.mailto(group, organization: organization) {
            let buttons = Box.horizontal(spacing: 6)
            if mailReady { buttons.append(sendButton(group)) }
            // Without a mail server the draft is the way, as it always was; with one, the choice
            // to read and change the message first.
            let draft = LinkButton(uri: mailto, label: mailReady ? tr("Open as Draft") : tr("E-mail Reminder"))
            draft.setAccessibleLabel(mailReady ? tr("Open a reminder to {name} as a draft", ["name": group.name])
                                               : tr("E-mail a reminder to {name}", ["name": group.name]))
            draft.tooltip = tr("Opens a reminder to {name} in your mail program", ["name": group.name])
            draft.verticalAlignment = .center
            buttons.append(draft)
            buttons.verticalAlignment = .center
            box.setHeaderSuffix(buttons)
        }
        for line in group.lines {
            let subtitle = [tr("due {date}", ["date": line.dueOn.description]), LoanLateness.text(line.daysLate),
                            line.authors].filter { !$0.isEmpty }.joined(separator: " · ")
            let row = ActionRow(title: Label.escapeMarkup(line.title), subtitle: Label.escapeMarkup(subtitle))
            row.setAccessibleLabel(tr("{title}, borrowed by {name}, {lateness}",
                                      ["title": line.title, "name": group.name, "lateness": LoanLateness.text(line.daysLate)]))
            if line.daysLate > 0 { row.addCSSClass("overdue") }
            // Renewed or returned where it is found: a phone call about an overdue book ends here.
            for (label, spoken, move) in [
                (tr("Renew"), tr("Renew “{title}”", ["title": line.title]), LoanMove.renew),
                (tr("Return"), tr("Return “{title}”", ["title": line.title]), LoanMove.giveBack),
            ] {
                let button = Button(label: label)
                button.verticalAlignment = .center
                button.setAccessibleLabel(spoken)
                button.tooltip = spoken
                button.onClicked { [weak self] in self?.run(move, loan: line.loanId, title: line.title) }
                row.addSuffix(button)
            }
            box.add(row)
        }
        return box
    }

    // MARK: sending a reminder

    /// Send Reminder: through the organization's mail server, off the main thread; the button
    /// waits while it is sent and a toast says how it went (the mail log keeps it either way).
    private func sendButton(_ group: LoanReport.Group) -> Button {
        let send = Button(label: tr("Send Reminder"))
        send.setAccessibleLabel(tr("Send a reminder to {name}", ["name": group.name]))
        send.tooltip = tr("Sends a reminder to {address} through the organization's mail server", ["address": group.email])
        send.verticalAlignment = .center
        send.addCSSClass("suggested-action")
        send.onClicked { [weak self, weak send] in
            guard let self, let org = self.organization else { return }
            send?.isSensitive = false
            Task {
                defer { send?.isSensitive = true }
                do {
                    let entry = try await LoanReminder.send(group, in: org, mail: self.mail)
                    if let error = entry.error {
                        self.toasts.showToast(tr("Reminder to {name} not sent: {reason}", ["name": group.name, "reason": error]),
                                              timeout: 12)
                    } else {
                        self.toasts.showToast(tr("Reminder sent to {name}", ["name": group.name]))
                    }
                } catch {
                    self.toasts.showToast(tr("Reminder to {name} not sent: {reason}", ["name": group.name, "reason": "\(error)"]),
                                          timeout: 12)
                }
            }
        }
        return send
    }

    // MARK: moves on a loan

    private enum LoanMove { case renew, giveBack }

    private func run(_ move: LoanMove, loan: UUID, title: String) {
        guard let org = organization else { return }
        Task {
            do {
                switch move {
                case .renew:
                    let renewed = try await loans.renew(loan, in: org)
                    toasts.showToast(tr("Renewed “{title}”: due {date}", ["title": title, "date": renewed["dueOn"]?.stringValue ?? ""]),
                                     timeout: 10)
                case .giveBack:
                    _ = try await loans.giveBack(loan, in: org)
                    toasts.showToast(tr("Returned “{title}”", ["title": title]))
                }
                refresh()
                onChanged?()
            } catch let error as ValidationError {
                RefusalDialog.show(parent: window, heading: tr("Not Done"), reason: error.issues.first?.message ?? error.description)
            } catch {
                toasts.showToast(tr("Could not change the loan: {error}", ["error": "\(error)"]))
            }
        }
    }

    // MARK: saving and printing

    private var fileStem: String {
        let day = report?.today.description ?? ""
        switch kind {
        case .overdue: return tr("overdue-loans-{date}", ["date": day])
        case .dueWithin: return tr("loans-due-soon-{date}", ["date": day])
        }
    }

    private func exportCSV() {
        guard !saver.isAsking, let report else { return }
        saver.save(title: tr("Export Report as CSV"), suggestedName: fileStem + ".csv") { path in
            try LoanReportCSV.text(report).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    private func exportPDF() {
        guard !saver.isAsking, let report else { return }
        let blocks = LoanReportPrint.blocks(of: report, organization: organization?.name ?? "")
        saver.save(title: tr("Export Report as PDF"), suggestedName: fileStem + ".pdf") { path in
            try PDFExport.write(PageLayout(blocks: blocks, paper: .ofLocale), to: path)
        }
    }


    /// GTK's print dialog; the pages are laid out for the paper chosen there.
    private func printReport() {
        guard let report else { return }
        let blocks = LoanReportPrint.blocks(of: report, organization: organization?.name ?? "")
        BlockPrinting.run(blocks, jobName: fileStem, window: window, toasts: toasts)
    }
}
