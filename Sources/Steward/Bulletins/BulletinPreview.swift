import Foundation
import GtkKit
import StewardCore
import Translation

/// How a bulletin reads in the members' app on a phone: a card a phone's width with its title,
/// its date, and each section in order with its link as a button. Staff check it before they
/// set a publish time.
@MainActor
final class BulletinPreview {
    private let window: Window
    var onClosed: (() -> Void)?

    init(parent: Window, bulletin: LocalRecord, organization: Organization) {
        let ui = Builder(resource: ResourceBundle.path("Bulletins/bulletin-preview.ui"))
        window = ui.object("preview_window")
        window.setTransientFor(parent)
        let type = RecordType.bulletin
        let title = type.title(of: bulletin.fields)
        window.title = tr("Preview — {title}", ["title": title])
        ui.object("preview_title", as: WindowTitle.self).subtitle = title

        let content: Box = ui.object("phone_content")
        let heading = Self.label(title, classes: ["title-2"])
        content.append(heading)
        let date = type.field("date")?.kind.displayText(bulletin.fields["date"], zone: organization.timeZone) ?? ""
        let dateLabel = Self.label(date, classes: ["dim-label"])
        dateLabel.setMargins(top: -8, bottom: 4, start: 0, end: 0)
        content.append(dateLabel)
        for section in bulletin.fields["sections"]?.arrayValue ?? [] {
            content.append(Self.section(section))
        }
        if (bulletin.fields["sections"]?.arrayValue ?? []).isEmpty {
            content.append(Self.label(tr("This bulletin has no sections yet."), classes: ["dim-label"]))
        }

        window.closesOnEscape { [weak self] in self?.onClosed?() }
    }

    func present() { window.present() }

    /// A heading, its text, and its link as a button reading the link's label.
    private static func section(_ section: JSONValue) -> Widget {
        let box = Box.vertical(spacing: 6)
        box.addCSSClass("phone-section")
        box.append(label(section["heading"]?.stringValue ?? "", classes: ["heading"]))
        if let body = section["body"]?.stringValue, !body.isEmpty {
            box.append(label(body, classes: ["body"]))
        }
        if let url = section["linkURL"]?.stringValue, !url.isEmpty {
            let text = section["linkLabel"]?.stringValue ?? ""
            let link = LinkButton(uri: url, label: text.isEmpty ? url : text)
            link.horizontalAlignment = .start
            link.tooltip = url
            box.append(link)
        }
        return box
    }

    private static func label(_ text: String, classes: [String]) -> Label {
        let label = Label(text)
        label.xalign = 0
        label.wrapsAnywhere = true
        label.isSelectable = false
        for name in classes { label.addCSSClass(name) }
        return label
    }
}
