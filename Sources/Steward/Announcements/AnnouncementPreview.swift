import Foundation
import GtkKit
import StewardCore
import Translation

/// The selected announcement in a window of its own: on a phone's lock screen, where it
/// stands and to whom, and once sent its report (read from its `announcementReport`, which
/// arrives with a sync; until then the report says it is on its way).
@MainActor
final class AnnouncementPreview {
    private let window: Window
    private let reportGroup: PreferencesGroup
    private let counts: [(field: String, row: Widget, label: Label)]
    var onClosed: (() -> Void)?

    /// The names of the organization's campuses and ministries, by id.
    struct TagNames {
        var campuses: [UUID: String] = [:]
        var ministries: [UUID: String] = [:]
    }

    init(parent: Window, announcement: LocalRecord, report: JSONValue?, organization: Organization, tagNames: TagNames) {
        let ui = Builder(resource: ResourceBundle.path("Announcements/announcement-preview.ui"))
        window = ui.object("preview_window")
        window.setTransientFor(parent)
        let fields = announcement.fields
        let title = RecordType.announcement.title(of: fields)
        window.title = tr("Preview and Report — {title}", ["title": title])
        ui.object("preview_title", as: WindowTitle.self).subtitle = title
        reportGroup = ui.object("report_group")
        counts = ["devices", "delivered", "failed", "removed", "pending"].map { name in
            (name, ui.object("\(name)_row", as: Widget.self), ui.object("\(name)_label", as: Label.self))
        }

        let preview = LockScreenPreview(organization: organization)
        preview.show(fields, now: announcement.updatedAt)
        ui.object("preview_holder", as: Box.self).append(preview.widget)
        ui.object("status_row", as: ActionRow.self).subtitle = Self.status(fields, zone: organization.timeZone)
        ui.object("audience_row", as: ActionRow.self).subtitle = Self.audience(fields, names: tagNames)
        reportGroup.isVisible = AnnouncementRules.isSent(fields, now: Date())
        showReport(report)

        window.closesOnEscape { [weak self] in self?.onClosed?() }
    }

    func present() { window.present() }

    /// Who gets it: "Every member", or the campus, the ministry and the audience words it is
    /// tagged with ("North Campus · Worship · youth, parents"), by the same rule the store sends
    /// by (`PushAudience`): an untagged announcement reaches everyone.
    static func audience(_ fields: JSONValue, names: TagNames) -> String {
        func name(_ field: String, _ names: [UUID: String]) -> String? {
            guard let text = fields[field]?.stringValue, !text.isEmpty else { return nil }
            return UUID(uuidString: text).flatMap { names[$0] } ?? text
        }
        var parts = [name(CampusTags.campusField, names.campuses), name(CampusTags.ministryField, names.ministries)].compactMap { $0 }
        let words = (fields["audience"]?.arrayValue ?? []).compactMap(\.stringValue)
        if !words.isEmpty { parts.append(words.joined(separator: ", ")) }
        return parts.isEmpty ? tr("Every member") : parts.joined(separator: " · ")
    }

    /// "Sent Sun 15 Nov 2026, 06:30 · Urgent", "Scheduled for …", "Draft: not sent".
    static func status(_ fields: JSONValue, zone: TimeZone) -> String {
        let when = FieldKind.dateTime.displayText(fields["sendAt"], zone: zone)
        var text: String
        if AnnouncementRules.isSent(fields, now: Date()) {
            text = tr("Sent {date}", ["date": when])
        } else if fields["sending"]?.stringValue == AnnouncementStatus.scheduled.rawValue {
            text = tr("Scheduled for {date}", ["date": when])
        } else {
            text = tr("Draft: not sent")
        }
        if fields["urgent"]?.boolValue == true { text += " · " + tr("Urgent") }
        return text
    }

    /// The counts as the store last reported them; nil: none came back yet.
    private func showReport(_ report: JSONValue?) {
        let formats = LocaleFormats.current
        for count in counts {
            let value = report?[count.field]?.int64Value.map { Int($0) }
            count.label.text = value.map(formats.grouped) ?? "—"
            // Nothing still on its way is no row of its own.
            count.row.isVisible = count.field != "pending" || (value ?? 0) > 0
        }
        reportGroup.groupDescription = report == nil
            ? tr("The counts come back from the store once it has sent it, with the next sync.")
            : ""
    }

    /// The list's column: "207 of 214", with the failures when there are any; empty for one not
    /// sent, "Waiting for the report" until the store's counts arrive.
    static func reach(sent: Bool, report: JSONValue?) -> String {
        guard sent else { return "" }
        guard let report, let devices = report["devices"]?.int64Value, let delivered = report["delivered"]?.int64Value else {
            return tr("Waiting for the report")
        }
        let formats = LocaleFormats.current
        let failed = report["failed"]?.int64Value ?? 0
        let reached = tr("{delivered} of {devices}", ["delivered": formats.grouped(Int(delivered)), "devices": formats.grouped(Int(devices))])
        return failed > 0 ? tr("{reached}, {failed} failed", ["reached": reached, "failed": formats.grouped(Int(failed))]) : reached
    }
}
