import Foundation
import GtkKit
import StewardCore
import Translation

/// Record Redemption: which prize, which member (type to narrow the list) and a note. As the
/// choice changes, the prize's rules (level, window, stock, limit) are checked against the
/// ledger and the claims, and a refusal is shown under the choices with Record turned off, so
/// staff learn why before anything is written. The store checks again when the claim arrives.
@MainActor
final class RedemptionDialog {
    private let dialog: MessageDialog
    private let prizeChoice: DropDown
    private let memberChoice: DropDown
    private let noteEntry: Entry
    private let refusalLabel: Label
    private let organization: Organization
    private let redemptions: Redemptions
    private var prizeIds: [UUID] = []
    private var memberIds: [UUID] = []
    private var checkRequest = 0
    var onClosed: (() -> Void)?

    /// `recorded` runs with the sentence to show once a redemption is stored.
    init(parent: Window, organization: Organization, records: RecordService, redemptions: Redemptions, prize: UUID?,
         recorded: @escaping @MainActor (String) -> Void) {
        self.organization = organization
        self.redemptions = redemptions
        let ui = Builder(resource: ResourceBundle.path("Prizes/redemption-dialog.ui"))
        prizeChoice = ui.object("prize_choice")
        memberChoice = ui.object("member_choice")
        noteEntry = ui.object("note_entry")
        refusalLabel = ui.object("refusal_label")
        memberChoice.enableSearch()
        dialog = MessageDialog(parent: parent, heading: tr("Record Redemption"),
                               body: tr("Hand a prize to a member. The prize’s level, dates, stock and limit per member are checked."))
        dialog.setExtraChild(ui.object("redemption_form", as: Widget.self))
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("record", tr("_Record"), appearance: .suggested)
        dialog.defaultResponse = "record"
        dialog.closeResponse = "cancel"
        dialog.setResponseEnabled("record", false)
        dialog.onResponse { [weak self] response in
            guard let self else { return }
            if response == "record" { self.record(then: recorded) }
            self.onClosed?()
        }
        prizeChoice.onSelectionChanged { [weak self] _ in self?.check() }
        memberChoice.onSelectionChanged { [weak self] _ in self?.check() }
        Task { await self.load(records: records, prize: prize) }
    }

    func present() { dialog.present() }

    /// Fills the choices: prizes still taking claims, by name; members by name with their e-mail.
    private func load(records: RecordService, prize: UUID?) async {
        let prizes = ((try? await records.list(.prize, in: organization)) ?? [])
            .filter { $0["retired"]?.boolValue != true || $0.id == prize }
        let members = ((try? await records.list(.member, in: organization)) ?? [])
            .filter { $0["disabled"]?.boolValue != true }
        prizeIds = prizes.map(\.id)
        memberIds = members.map(\.id)
        prizeChoice.setStrings(prizes.map { RecordType.prize.title(of: $0.fields) })
        memberChoice.setStrings(members.map { member in
            tr("{name} ({email})", ["name": member["displayName"]?.stringValue ?? "", "email": member["email"]?.stringValue ?? ""])
        })
        if let prize, let index = prizeIds.firstIndex(of: prize) { prizeChoice.selectedIndex = index }
        check()
    }

    private var chosen: (prize: UUID, member: UUID)? {
        guard let prize = prizeChoice.selectedIndex, prize < prizeIds.count,
              let member = memberChoice.selectedIndex, member < memberIds.count else { return nil }
        return (prizeIds[prize], memberIds[member])
    }

    /// Runs the prize's rules for the pair chosen; shows why they refuse, or clears the refusal.
    private func check() {
        checkRequest += 1
        let request = checkRequest
        guard let chosen else {
            show(refusal: prizeIds.isEmpty ? tr("There are no prizes to hand out yet; add one on the Prizes list.") : nil)
            dialog.setResponseEnabled("record", false)
            return
        }
        Task {
            let refusal = try? await redemptions.refusal(member: chosen.member, prize: chosen.prize, in: organization)
            guard request == checkRequest else { return }
            show(refusal: refusal?.message)
            dialog.setResponseEnabled("record", refusal == nil)
        }
    }

    private func show(refusal: String?) {
        refusalLabel.text = refusal ?? ""
        refusalLabel.isVisible = refusal != nil
        refusalLabel.setAccessibleLabel(refusal ?? "")
    }

    private func record(then recorded: @escaping @MainActor (String) -> Void) {
        guard let chosen else { return }
        let prize = prizeChoice.selectedString ?? "", member = memberChoice.selectedString ?? ""
        let note = noteEntry.text
        let redemptions = self.redemptions, organization = self.organization
        Task {
            do {
                try await redemptions.add(member: chosen.member, prize: chosen.prize, note: note, in: organization)
                recorded(tr("“{prize}” recorded for {member}", ["prize": prize, "member": member]))
            } catch let error as ValidationError {
                recorded(tr("Not recorded: {reason}", ["reason": error.issues.map(\.message).joined(separator: "; ")]))
            } catch {
                recorded(tr("Not recorded: {reason}", ["reason": "\(error)"]))
            }
        }
    }
}
