import Foundation
import GtkKit
import StewardCore
import Translation

/// The stamp ledger on the Passport page: every entry, newest first, with who got stamps at
/// which event, how (checked in, granted, revoked), who made it, when, and the note; a
/// revocation says which entry it reverses, and a reversed entry says it was revoked. Filters
/// by member and event and a search narrow it; Revoke reverses the chosen entry.
@MainActor
final class StampLedgerPane {
    let widget: Widget
    let revokeButton = Button(label: tr("Revoke…"))
    private let searchEntry = SearchEntry(placeholder: tr("Search stamp entries"))
    private let memberFilter = DropDown(strings: [])
    private let eventFilter = DropDown(strings: [])
    private let countLabel = Label()
    private let table = PassportTable<StampEntry>(name: tr("Stamp ledger")) { $0.key }
    private var overview = PassportOverview()
    private var zone: TimeZone = .gmt
    /// The filters' choices after "All": member and event ids.
    private var memberChoices: [String] = []
    private var eventChoices: [String] = []
    var onSelectionChanged: (() -> Void)?

    init() {
        searchEntry.setAccessibleLabel(tr("Search stamp entries"))
        searchEntry.hexpand = true
        memberFilter.setAccessibleLabel(tr("Member"))
        memberFilter.tooltip = tr("Show one member’s entries")
        eventFilter.setAccessibleLabel(tr("Event"))
        eventFilter.tooltip = tr("Show one event’s entries")
        countLabel.addCSSClass("dim-label")
        countLabel.addCSSClass("numeric")
        revokeButton.tooltip = tr("Take back the chosen entry’s stamps with a reversing entry; a note says why")
        revokeButton.addCSSClass("destructive-action")
        // Two rows, so the page stays narrow enough to sit beside the sidebar.
        let toolbar = Box.horizontal(spacing: 8)
        for child in [searchEntry as Widget, countLabel, revokeButton] { toolbar.append(child) }
        toolbar.setMargins(top: 8, bottom: 4, start: 12, end: 12)
        let filters = Box.horizontal(spacing: 8)
        for child in [memberFilter as Widget, eventFilter] { filters.append(child) }
        filters.setMargins(top: 0, bottom: 8, start: 12, end: 12)
        let box = Box.vertical()
        box.append(toolbar)
        box.append(filters)
        box.append(table.scroller)
        widget = box
        // Four columns of two lines, so the ledger fits beside the sidebar at 1,000 pixels with
        // nothing cut: seven single-line columns left the member, the event and who made the
        // entry a few letters each.
        table.addColumns([
            .init(tr("When"), width: 180, { [weak self] entry in
                DatePatternText.format(entry.at, "d MMM yyyy HH:mm", zone: self?.zone ?? .gmt)
            }, detail: { entry in tr("by {who}", ["who": SubmissionTrailText.who(entry.by)]) }),
            .init(tr("Member and Event"), expand: true, { [weak self] entry in
                self?.overview.name(of: entry.member) ?? ""
            }, detail: { [weak self] entry in self?.overview.title(of: entry.event) ?? "" }),
            .init(tr("Stamps"), width: 170, { entry in
                entry.stamps > 0 ? "+\(entry.stamps)" : "\(entry.stamps)"
            }, detail: { [weak self] entry in self?.kindText(entry) ?? "" }),
            .init(tr("Note"), expand: true) { entry in entry.note },
        ])
        table.onSelectionChanged = { [weak self] in self?.onSelectionChanged?() }
        searchEntry.onSearchChanged { [weak self] in self?.applyFilter() }
        searchEntry.onStopSearch { [weak self] in self?.searchEntry.text = "" }
        SearchToList.connect(search: searchEntry, list: table.view, enterToo: true) { [weak self] in self?.table.count ?? 0 }
        memberFilter.onSelectionChanged { [weak self] _ in self?.applyFilter() }
        eventFilter.onSelectionChanged { [weak self] _ in self?.applyFilter() }
    }

    /// "granted", "checked in (revoked)", "revoked: granted on 3 May".
    private func kindText(_ entry: StampEntry) -> String {
        if entry.kind == .revoke {
            guard let target = entry.reverses.flatMap(overview.entry) else { return entry.kind.text }
            return tr("{kind}: {reversed} {date}", ["kind": entry.kind.text, "reversed": target.kind.text,
                                                     "date": DatePatternText.format(target.at, "d MMM", zone: zone)])
        }
        return overview.reversed.contains(entry.key) ? tr("{kind} (revoked)", ["kind": entry.kind.text]) : entry.kind.text
    }

    /// Shows a newly read ledger, keeping the filters where they were when their choices remain.
    func show(_ overview: PassportOverview, zone: TimeZone) {
        self.overview = overview
        self.zone = zone
        let member = selectedMember, event = selectedEvent
        memberChoices = overview.standings.map(\.member)
        eventChoices = Array(Set(overview.entries.map(\.event)).union(overview.stampEvents.map(\.key)))
            .sorted { overview.title(of: $0).lowercased() < overview.title(of: $1).lowercased() }
        memberFilter.setStrings([tr("All members")] + overview.standings.map { $0.name.isEmpty ? $0.email : $0.name })
        eventFilter.setStrings([tr("All events")] + eventChoices.map(overview.title))
        memberFilter.selectedIndex = member.flatMap { memberChoices.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        eventFilter.selectedIndex = event.flatMap { eventChoices.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        applyFilter()
    }

    /// The member the ledger is narrowed to, if any.
    var memberShown: String? { selectedMember }

    private var selectedMember: String? {
        guard let index = memberFilter.selectedIndex, index > 0, index - 1 < memberChoices.count else { return nil }
        return memberChoices[index - 1]
    }

    private var selectedEvent: String? {
        guard let index = eventFilter.selectedIndex, index > 0, index - 1 < eventChoices.count else { return nil }
        return eventChoices[index - 1]
    }

    private func applyFilter() {
        let found = overview.entries(member: selectedMember, event: selectedEvent, search: searchEntry.text)
        table.show(found)
        countLabel.text = trn("{count} entry", "{count} entries", found.count)
    }

    /// The chosen entry, if staff may revoke it.
    var revocableSelection: StampEntry? {
        table.selectedRows.first.flatMap { overview.isRevocable($0) ? $0 : nil }
    }

    var selectedEntry: StampEntry? { table.selectedRows.first }
}
