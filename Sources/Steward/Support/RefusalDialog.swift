import GtkKit
import Translation

/// Says why something staff asked for was refused, in full: a refusal names who or what is in
/// the way ("“Gilead” is already on loan to Ann Lee, due 11 Dec; return that loan first"),
/// which a toast cuts off mid-word at a window's width and takes away after a few seconds.
@MainActor
enum RefusalDialog {
    static func show(parent: Window, heading: String, reason: String) {
        let dialog = MessageDialog(parent: parent, heading: heading, body: reason)
        dialog.addResponse("ok", tr("_OK"))
        dialog.defaultResponse = "ok"
        dialog.closeResponse = "ok"
        dialog.present { _ in }
    }
}
