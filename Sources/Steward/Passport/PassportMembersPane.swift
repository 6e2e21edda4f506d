import Foundation
import GtkKit
import StewardCore
import Translation

/// The passport's members with their totals and levels (derived from the ledger), and how many
/// stamps each misses for the next level. Choose members to grant them all a stamp at once
/// (or one, and Grant Stamp starts with them), or grant from a CSV file of attendees.
@MainActor
final class PassportMembersPane {
    let widget: Widget
    let grantButton = Button(label: tr("Grant to Selected…"))
    let importButton = Button(label: tr("Grant from CSV…"))
    let choiceButton = Button(label: tr("Leaderboard Choice…"))
    let passportButton = Button(label: tr("View Passport"))
    private let searchEntry = SearchEntry(placeholder: tr("Search passport members"))
    private let countLabel = Label()
    private let table = PassportTable<PassportOverview.Standing>(name: tr("Passport members"), multipleSelection: true) { $0.member }
    private var standings: [PassportOverview.Standing] = []
    var onSelectionChanged: (() -> Void)?

    init() {
        searchEntry.setAccessibleLabel(tr("Search passport members"))
        searchEntry.hexpand = true
        countLabel.addCSSClass("dim-label")
        countLabel.addCSSClass("numeric")
        grantButton.tooltip = tr("Grant an event’s stamp to every selected member, after a preview")
        importButton.tooltip = tr("Grant an event’s stamp to the e-mail addresses of an attendee list, after a preview")
        importButton.actionName = "passport.import"
        choiceButton.tooltip = tr("Record whether the chosen member appears on the leaderboard, and whether they are a minor")
        passportButton.tooltip = tr("The chosen member’s stamps, level and next level, as the app shows them to them")
        // Two rows, so the page stays narrow enough to sit beside the sidebar.
        let toolbar = Box.horizontal(spacing: 8)
        for child in [searchEntry as Widget, countLabel] { toolbar.append(child) }
        toolbar.setMargins(top: 8, bottom: 4, start: 12, end: 12)
        // The actions wrap onto a second line rather than widen the page (in Spanish they
        // were wider than the space beside the sidebar at 1,000 pixels, folding it away).
        let actions = FlowBox(spacing: 8)
        for child in [passportButton as Widget, grantButton, importButton, choiceButton] { actions.append(child) }
        actions.setMargins(top: 0, bottom: 8, start: 12, end: 12)
        let box = Box.vertical()
        box.append(toolbar)
        box.append(actions)
        box.append(table.scroller)
        widget = box
        table.addColumns([
            .init(tr("Name"), expand: true) { $0.name },
            .init(tr("Email"), expand: true) { $0.email },
            .init(tr("Stamps"), width: 70) { String($0.stamps) },
            .init(tr("Level"), width: 90) { $0.level?.name ?? "—" },
            .init(tr("Next Level"), width: 170) { standing in
                standing.nextLevel.map { trn("{level} in {count} stamp", "{level} in {count} stamps", standing.missing,
                                              ["level": $0.name, "count": String(standing.missing)]) } ?? tr("Top level reached")
            },
            .init(tr("Leaderboard"), width: 150) { Self.leaderboardText($0) },
        ])
        table.onSelectionChanged = { [weak self] in self?.onSelectionChanged?() }
        searchEntry.onSearchChanged { [weak self] in self?.applyFilter() }
        searchEntry.onStopSearch { [weak self] in self?.searchEntry.text = "" }
        SearchToList.connect(search: searchEntry, list: table.view, enterToo: true) { [weak self] in self?.table.count ?? 0 }
    }

    /// "Shown", "Hidden: opted out", "Hidden: a minor", "Shown: opted in".
    static func leaderboardText(_ standing: PassportOverview.Standing) -> String {
        switch standing.choice {
        case .optOut: tr("Hidden: opted out")
        case .optIn: tr("Shown: opted in")
        case .standard: standing.minor ? tr("Hidden: a minor") : tr("Shown")
        }
    }

    func show(_ overview: PassportOverview) {
        standings = overview.standings
        applyFilter()
    }

    private func applyFilter() {
        let words = searchEntry.text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        let found = standings.filter { standing in
            let text = "\(standing.name) \(standing.email) \(standing.level?.name ?? "")".lowercased()
            return words.allSatisfy(text.contains)
        }
        table.show(found)
        countLabel.text = trn("{count} member", "{count} members", found.count)
    }

    var selected: [PassportOverview.Standing] { table.selectedRows }
}
