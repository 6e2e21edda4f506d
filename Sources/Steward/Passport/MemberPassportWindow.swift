import Foundation
import GtkKit
import StewardCore
import Translation

/// One member's passport in a window of its own: the same `MemberPassport` the app reads from
/// the store (`GET …/me/passport`), so staff answering "how many stamps do I have?" see what the
/// member sees: the total and level, the next level with the stamps it takes and the prizes it
/// unlocks, and each entry with its event, a revoked one marked.
@MainActor
final class MemberPassportWindow {
    private let window: Window
    var onClosed: (() -> Void)?

    init(parent: Window, name: String, passport: MemberPassport, zone: TimeZone) {
        let ui = Builder(resource: ResourceBundle.path("Passport/member-passport.ui"))
        window = ui.object("passport_window")
        window.setTransientFor(parent)
        window.title = tr("Passport — {name}", ["name": name])
        ui.object("passport_title", as: WindowTitle.self).subtitle = name
        let formats = LocaleFormats.current
        ui.object("stamps_label", as: Label.self).text = formats.grouped(passport.stamps)
        ui.object("level_label", as: Label.self).text = passport.level?.name ?? tr("None yet")
        let next: ActionRow = ui.object("next_row")
        if let level = passport.nextLevel {
            next.subtitle = Self.nextLevelText(level: level.name, missing: passport.missing, unlocks: passport.unlocks.map(\.name))
        } else {
            next.subtitle = tr("Top level reached")
        }
        let group: PreferencesGroup = ui.object("entries_group")
        if passport.entries.isEmpty {
            group.groupDescription = tr("No stamps yet.")
        }
        for entry in passport.entries {
            group.add(Self.row(entry, zone: zone))
        }

        window.closesOnEscape { [weak self] in self?.onClosed?() }
    }

    func present() { window.present() }

    /// "Silver in 3 stamps; unlocks River Festival T-shirt".
    static func nextLevelText(level: String, missing: Int, unlocks: [String]) -> String {
        let next = trn("{level} in {count} stamp", "{level} in {count} stamps", missing, ["level": level, "count": String(missing)])
        guard !unlocks.isEmpty else { return next }
        return tr("{next}; unlocks {prizes}", ["next": next, "prizes": unlocks.joined(separator: ", ")])
    }

    /// The event, what happened and when, and the stamps it gave or took; a revoked one says so.
    private static func row(_ entry: MemberPassport.Entry, zone: TimeZone) -> Widget {
        let title = entry.eventTitle ?? tr("An event no longer listed")
        let when = FieldKind.dateTime.displayText(.string(DateTimeText.utc(entry.at)), zone: zone)
        var subtitle = "\(RecordText.sentence(entry.kind.text)) · \(when)"
        if entry.revoked { subtitle += " · " + tr("revoked later: it no longer counts") }
        let row = ActionRow(title: title, subtitle: subtitle)
        let stamps = Label(entry.stamps > 0 ? "+\(entry.stamps)" : "−\(-entry.stamps)")
        stamps.addCSSClass("numeric")
        if entry.revoked || entry.kind == .revoke { stamps.addCSSClass("dim-label") }
        row.addSuffix(stamps)
        return row
    }
}
