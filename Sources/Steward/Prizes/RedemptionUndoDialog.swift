import Foundation
import GtkKit
import StewardCore
import Translation

/// Undo Redemption: takes back a redemption made in error, asking why (required). Nothing is
/// deleted: a reversing record is added, and the prize's stock and the member's limit count
/// the claim back. The store checks again when it arrives.
@MainActor
enum RedemptionUndoDialog {
    /// `done` runs with the sentence to show once the undo is stored, or why it was refused.
    static func present(parent: Window, redemption: LocalRecord, prizeName: String, memberName: String,
                        organization: Organization, redemptions: Redemptions, done: @escaping @MainActor (String, Bool) -> Void) {
        let dialog = MessageDialog(
            parent: parent, heading: tr("Undo This Redemption?"),
            body: tr("{member} no longer holds “{prize}”, and the item returns to stock. The redemption stays on record with an undo beside it.",
                     ["member": memberName, "prize": prizeName]))
        let note = Entry(placeholder: tr("Why (required)"))
        note.setAccessibleLabel(tr("Undo note"))
        note.maxLength = 500
        note.activatesDefault = true
        dialog.setExtraChild(note)
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("undo", tr("_Undo Redemption"), appearance: .destructive)
        dialog.defaultResponse = "undo"
        dialog.closeResponse = "cancel"
        dialog.setResponseEnabled("undo", false)
        note.onChanged { dialog.setResponseEnabled("undo", !note.text.trimmingCharacters(in: .whitespaces).isEmpty) }
        dialog.present { response in
            let text = note.text
            guard response == "undo" else { return }
            Task {
                do {
                    try await redemptions.undo(redemption.id, note: text, in: organization)
                    done(tr("Undone: {member} no longer holds “{prize}”. Sent with the next sync.",
                            ["member": memberName, "prize": prizeName]), true)
                } catch let error as ValidationError {
                    done(tr("Not undone: {reason}", ["reason": error.issues.map(\.message).joined(separator: "; ")]), false)
                } catch {
                    done(tr("Not undone: {reason}", ["reason": "\(error)"]), false)
                }
            }
        }
        _ = note.grabFocus()
    }
}
