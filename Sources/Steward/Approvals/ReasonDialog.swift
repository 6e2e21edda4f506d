import GtkKit
import StewardCore
import Translation

/// Asks for the reason to reject a submission or to request changes: the organization's stock
/// reasons one click away (a click fills the reason in), and free text. A reason is required;
/// the decision button stays off until there is one.
@MainActor
enum ReasonDialog {
    static func ask(parent: Window, status: SubmissionStatus, title: String, stockReasons: [String],
                    then decide: @escaping @MainActor (String) -> Void) {
                let dialog = MessageDialog(
            parent: parent,
            heading: status == .rejected ? tr("Reject “{title}”?", ["title": title])
                : tr("Request Changes to “{title}”?", ["title": title]),
            body: status == .rejected
                ? tr("The submission is kept, and its submitter is told why.")
                : tr("The submitter is told what to change; their edit puts it back in the queue."))
        let content = Box.vertical(spacing: 6)
        let entry = Entry(placeholder: tr("Reason (required)"))
        entry.setAccessibleLabel(tr("Reason"))
        entry.maxLength = ApprovalRules.maxReasonLength
        entry.activatesDefault = true
        if !stockReasons.isEmpty {
            let hint = Label(tr("Stock reasons"))
            hint.addCSSClass("dim-label")
            hint.xalign = 0
            content.append(hint)
            for reason in stockReasons {
                let button = Button(label: reason)
                button.setAccessibleLabel(reason)
                button.onClicked { entry.text = reason; _ = entry.grabFocus() }
                content.append(button)
            }
        }
        content.append(entry)
        dialog.setExtraChild(content)
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("decide", status == .rejected ? tr("_Reject") : tr("_Request Changes"),
                          appearance: status == .rejected ? .destructive : .suggested)
        dialog.defaultResponse = "decide"
        dialog.closeResponse = "cancel"
        dialog.setResponseEnabled("decide", false)
        entry.onChanged {
            dialog.setResponseEnabled("decide", !entry.text.trimmingCharacters(in: .whitespaces).isEmpty)
        }
        dialog.present { response in
            let reason = entry.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if response == "decide" && !reason.isEmpty { decide(reason) }
        }
        _ = entry.grabFocus()
    }
}
