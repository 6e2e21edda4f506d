import Foundation
import GtkKit
import StewardCore
import Translation

/// Asks where a schedule comes from: MindBody (its API address, site id and API key), an
/// iCalendar feed (an address or a file), or a saved MindBody answer (a file). The key goes to
/// the keyring or the private credentials file, never the database.
@MainActor
enum SourceDialog {
    struct Entered {
        var kind: ScheduleSourceKind
        var location: String
        var siteId: String
        var apiKey: String
    }

    static func present(parent: Window, then add: @escaping @MainActor (Entered) -> Void) {
        let dialog = MessageDialog(parent: parent, heading: tr("Add a Schedule Source"),
                                   body: tr("The booking service stays the source of truth: Steward keeps a mirror of its classes and never changes them there."))
        let content = Box.vertical(spacing: 6)
        // The kinds side by side, one pressed: each named, so one click (or a screen reader) picks it.
        let kinds = ScheduleSourceKind.allCases
        let kindBox = Box.horizontal(spacing: 0)
        kindBox.addCSSClass("linked")
        let kindButtons = kinds.map { ToggleButton(label: $0.title) }
        for button in kindButtons {
            button.setGroup(kindButtons[0] === button ? nil : kindButtons[0])
            button.hexpand = true
            kindBox.append(button)
        }
        kindButtons[0].isActive = true
        var chosen: ScheduleSourceKind { kinds[kindButtons.firstIndex { $0.isActive } ?? 0] }
        let location = Entry(placeholder: tr("Address or file"))
        location.setAccessibleLabel(tr("Address or file"))
        let siteId = Entry(placeholder: tr("MindBody site id"))
        siteId.setAccessibleLabel(tr("MindBody site id"))
        let apiKey = PasswordEntry()
        apiKey.setAccessibleLabel(tr("MindBody API key"))
        let keyHint = Label(tr("MindBody API key (kept in the keyring)"))
        keyHint.xalign = 0
        keyHint.addCSSClass("dim-label")
        for widget in [kindBox, location, siteId, keyHint, apiKey] as [Widget] { content.append(widget) }
        func showFields() {
            let isMindBody = chosen == .mindbody
            siteId.isVisible = isMindBody
            apiKey.isVisible = isMindBody
            keyHint.isVisible = isMindBody
            location.placeholder = isMindBody ? tr("https://api.mindbodyonline.com") : tr("Address or file")
        }
        for button in kindButtons { button.onToggled { _ in showFields() } }
        showFields()
        dialog.setExtraChild(content)
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("add", tr("_Add"), appearance: .suggested)
        dialog.defaultResponse = "add"
        dialog.closeResponse = "cancel"
        dialog.present { response in
            guard response == "add" else { return }
            add(Entered(kind: chosen, location: location.text.trimmingCharacters(in: .whitespaces),
                        siteId: siteId.text.trimmingCharacters(in: .whitespaces), apiKey: apiKey.text))
        }
        _ = location.grabFocus()
    }
}
