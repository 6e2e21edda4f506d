import GtkKit
import StewardCore
import Translation

/// A community page as members will read it: its title and its formatted text, headings,
/// bold and links rendered (`FormattedText.pangoMarkup`), so staff check it before syncing.
@MainActor
final class CommunityPreview {
    private let window: Window
    var onClosed: (() -> Void)?

    init(parent: Window, page: LocalRecord) {
        let ui = Builder(resource: ResourceBundle.path("Community/community-preview.ui"))
        window = ui.object("preview_window")
        window.setTransientFor(parent)
        let title = RecordType.communityPage.title(of: page.fields)
        window.title = tr("Preview — {title}", ["title": title])
        ui.object("preview_title", as: WindowTitle.self).subtitle = title
        ui.object("page_title", as: Label.self).text = title
        let body: Label = ui.object("page_body")
        body.setMarkup(FormattedText.pangoMarkup(page["body"]?.stringValue ?? ""))
        window.closesOnEscape { [weak self] in self?.onClosed?() }
    }

    func present() { window.present() }
}
