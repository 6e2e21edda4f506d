import CGtk
import Foundation
import GtkKit
import StewardCore
import Translation

/// The filter every list of tagged records shares (events, ministry resources, announcements:
/// `CampusTags`): a small button opening a popover with two drop-downs, Campus and Ministry,
/// each "All" or one of the organization's. A popover rather than drop-downs beside the
/// search: two of them did not fit beside the sidebar at 1,024 pixels. Hidden while the
/// organization has no campus and no ministry; while a choice is made the button says it.
///
/// It keeps what concerns the choice by the rule members' reads follow
/// (`CampusChoice.concerns`): a record that names no campus concerns every campus, so it stays.
@MainActor
final class CampusFilter {
    let widget: MenuButton
    /// Clears the choice: set in the lists' "no results" page, shown only while a choice is made.
    let clearButton: Button
    private let label = Label()
    private let campusRow = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    private let ministryRow = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    private let campusDrop = DropDown(strings: [])
    private let ministryDrop = DropDown(strings: [])
    private var campuses: [(id: String, name: String)] = []
    private var ministries: [(id: String, name: String)] = []
    /// True while the drop-downs are refilled: their selection moving then is not a choice.
    private var isFilling = false

    /// What is chosen; empty: every record.
    private(set) var choice = CampusChoice()
    /// Another choice was made.
    var onChanged: ((CampusChoice) -> Void)?
    /// The page shows the filter (false in views it does not apply to); it shows only while
    /// the organization has campuses or ministries as well.
    var isWanted = true {
        didSet { updateButton() }
    }

    var isActive: Bool { !choice.isEmpty }
    /// The button names the choice beside its funnel (a list's toolbar); in a header bar, with
    /// no room for it, it only turns blue, and its tooltip and name say the choice.
    private let showsChoice: Bool

    init(showsChoice: Bool = true) {
        self.showsChoice = showsChoice
        widget = MenuButton(iconName: nil, accessibleLabel: tr("Filter by Campus and Ministry"))
        let content = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        content.append(Image(iconName: "steward-filter-symbolic"))
        label.ellipsizesAtEnd = true
        label.maxWidthChars = 18
        content.append(label)
        widget.setChild(content)
        widget.isVisible = false

        // TRANSLATORS: the button on a list's empty state that takes the campus and ministry filter away.
        clearButton = Button(label: tr("Show All Campuses and Ministries"))
        clearButton.addCSSClass("pill")
        clearButton.horizontalAlignment = .center
        clearButton.isVisible = false
        clearButton.onClicked { [weak self] in self?.clear() }

        let popover = Popover(child: makeContent())
        widget.setPopover(popover)
        for drop in [campusDrop, ministryDrop] {
            drop.onSelectionChanged { [weak self] _ in self?.chosen() }
        }
    }

    private func makeContent() -> Widget {
        let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        // GTK 4.8 gives a popover holding a wrapping label a little less height than it asks
        // for: the room below keeps the last drop-down whole.
        box.setMargins(top: 6, bottom: 18, start: 6, end: 6)
        let heading = Label(tr("Show Only"))
        heading.xalign = 0
        heading.addCSSClass("heading")
        box.append(heading)
        let note = Label(tr("What names no campus or ministry concerns everyone: it stays in every list."))
        note.xalign = 0
        note.wraps = true
        // As wide as it may grow: a wrapping label of no set width gave the popover too little
        // height for its last row.
        note.widthChars = 32
        note.maxWidthChars = 32
        note.addCSSClass("dim-label")
        note.addCSSClass("caption")
        box.append(note)
        for (row, drop, title) in [(campusRow, campusDrop, tr("Campus")), (ministryRow, ministryDrop, tr("Ministry"))] {
            let caption = Label(title)
            caption.xalign = 0
            row.append(caption)
            drop.setAccessibleLabel(title)
            row.append(drop)
            box.append(row)
        }
        return box
    }

    /// Lists the organization's campuses and ministries, in their order; the choice stays
    /// while what it names is there. True when the choice changed (what it named is gone).
    @discardableResult
    func read(_ org: Organization, service: RecordService) async -> Bool {
        let campuses = (try? await service.list(.campus, in: org)) ?? []
        let ministries = (try? await service.list(.ministry, in: org)) ?? []
        return fill(campuses: campuses.map { (id: $0.id.uuidString.lowercased(), name: RecordType.campus.title(of: $0.fields)) },
                    ministries: ministries.map { (id: $0.id.uuidString.lowercased(), name: RecordType.ministry.title(of: $0.fields)) })
    }

    /// Fills the drop-downs; true when the choice changed because what it named is gone.
    @discardableResult
    func fill(campuses: [(id: String, name: String)], ministries: [(id: String, name: String)]) -> Bool {
        let before = choice
        self.campuses = campuses
        self.ministries = ministries
        isFilling = true
        // TRANSLATORS: the Campus filter's first choice: no filter on campus.
        campusDrop.setStrings([tr("All campuses")] + campuses.map(\.name))
        // TRANSLATORS: the Ministry filter's first choice: no filter on ministry.
        ministryDrop.setStrings([tr("All ministries")] + ministries.map(\.name))
        campusDrop.selectedIndex = campuses.firstIndex { $0.id == before.campus }.map { $0 + 1 } ?? 0
        ministryDrop.selectedIndex = ministries.firstIndex { $0.id == before.ministry }.map { $0 + 1 } ?? 0
        isFilling = false
        campusRow.isVisible = !campuses.isEmpty
        ministryRow.isVisible = !ministries.isEmpty
        choice = selected
        updateButton()
        return choice != before
    }

    /// Every campus and ministry again.
    func clear() {
        isFilling = true
        campusDrop.selectedIndex = 0
        ministryDrop.selectedIndex = 0
        isFilling = false
        chosen()
    }

    /// Whether `fields` (a record's) concern the choice.
    func keeps(_ fields: JSONValue) -> Bool { choice.concerns(fields) }

    /// What a list says when the choice (and the search, if any) leaves nothing.
    func noMatches(searching: Bool) -> String {
        searching
            ? tr("Nothing for {choice} matches your search. Try other words, or show every campus and ministry.",
                 ["choice": chosenText])
            : tr("Nothing here is for {choice}. Show every campus and ministry to see the rest.", ["choice": chosenText])
    }

    private var selected: CampusChoice {
        let campus = campusDrop.selectedIndex.flatMap { $0 > 0 && $0 <= campuses.count ? campuses[$0 - 1].id : nil } ?? ""
        let ministry = ministryDrop.selectedIndex.flatMap { $0 > 0 && $0 <= ministries.count ? ministries[$0 - 1].id : nil } ?? ""
        return CampusChoice(campus: campus, ministry: ministry)
    }

    /// "North Campus", "Students", "North Campus · Students".
    private var chosenText: String {
        let names = [campuses.first { $0.id == choice.campus }?.name, ministries.first { $0.id == choice.ministry }?.name]
        return names.compactMap { $0 }.joined(separator: " · ")
    }

    private func chosen() {
        guard !isFilling else { return }
        let now = selected
        guard now != choice else { return }
        choice = now
        updateButton()
        onChanged?(choice)
    }

    private func updateButton() {
        widget.isVisible = isWanted && !(campuses.isEmpty && ministries.isEmpty)
        label.text = chosenText
        label.isVisible = isActive && showsChoice
        widget.setCSSClass("suggested-action", isActive)
        clearButton.isVisible = isActive
        let name = isActive ? tr("Filter by Campus and Ministry: {choice}", ["choice": chosenText]) : tr("Filter by Campus and Ministry")
        widget.setAccessibleLabel(name)
        widget.tooltip = isActive ? name : tr("Show only what concerns one campus or ministry")
    }
}
