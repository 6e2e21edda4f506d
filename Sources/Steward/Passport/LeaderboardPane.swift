import Foundation
import GtkKit
import StewardCore
import Translation

/// The leaderboard as members see it in the app: ranked by stamps, ties sharing a rank
/// (1, 2, 2, 4), whoever reached the total first listed first; members who opted out and
/// minors without an opt-in are left off (`Leaderboard`), and the ranks count only those shown.
@MainActor
final class LeaderboardPane {
    let widget: Widget
    private let countLabel = Label()
    private let table = PassportTable<LeaderboardRow>(name: tr("Leaderboard")) { $0.member }
    private var zone: TimeZone = .gmt

    init() {
        let note = Label(tr("Members who opted out, and minors without their or a guardian’s opt-in, are not shown."))
        note.addCSSClass("dim-label")
        note.xalign = 0
        note.wraps = true
        note.hexpand = true
        countLabel.addCSSClass("dim-label")
        countLabel.addCSSClass("numeric")
        let toolbar = Box.horizontal(spacing: 8)
        toolbar.append(note)
        toolbar.append(countLabel)
        toolbar.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        let box = Box.vertical()
        box.append(toolbar)
        box.append(table.scroller)
        widget = box
        table.addColumns([
            .init(tr("Rank"), width: 64) { String($0.rank) },
            .init(tr("Name"), expand: true) { $0.name.isEmpty ? $0.email : $0.name },
            .init(tr("Stamps"), width: 70) { String($0.stamps) },
            .init(tr("Level"), width: 90) { $0.level?.name ?? "—" },
            .init(tr("Reached"), width: 130) { [weak self] row in
                row.reachedAt.map { DatePatternText.format($0, "d MMM yyyy", zone: self?.zone ?? .gmt) } ?? "" },
        ])
    }

    func show(_ overview: PassportOverview, zone: TimeZone) {
        self.zone = zone
        table.show(overview.leaderboard)
        countLabel.text = trn("{count} member shown", "{count} members shown", overview.leaderboard.count)
    }
}
