import Foundation
import GtkKit
import StewardCore
import Translation

/// The lists' filter by campus and ministry (`CampusTags`): every record, or what concerns one
/// campus, one ministry or both: what a member who chose them sees in the app (a record tagged
/// with none concerns everyone). One piece for every list whose type carries the tags (the kit's
/// record lists, the Events page). Shown only while the organization has campuses or
/// ministries; each drop-down only while it has something to offer. A choice stays while it is
/// there when the lists are read again.
@MainActor
final class CampusFilterChoice {
    let widget: Box
    private let campusDropDown = DropDown(strings: [])
    private let ministryDropDown = DropDown(strings: [])
    private var campusIds: [UUID] = []
    private var ministryIds: [UUID] = []
    /// True while the lists are refilled: the selection moving then is not a choice.
    private var isFilling = false
    /// Another choice was made.
    var onChanged: ((CampusChoice) -> Void)?

    init() {
        widget = Box.horizontal(spacing: 6)
        widget.verticalAlignment = .center
        widget.append(campusDropDown)
        widget.append(ministryDropDown)
        widget.isVisible = false
        campusDropDown.setAccessibleLabel(tr("Campus"))
        campusDropDown.tooltip = tr("Show what concerns one campus")
        ministryDropDown.setAccessibleLabel(tr("Ministry"))
        ministryDropDown.tooltip = tr("Show what concerns one ministry")
        for dropDown in [campusDropDown, ministryDropDown] {
            dropDown.onSelectionChanged { [weak self] _ in
                guard let self, !self.isFilling else { return }
                self.onChanged?(self.chosen)
            }
        }
    }

    /// What is chosen; empty: every record.
    var chosen: CampusChoice {
        CampusChoice(campus: Self.id(campusDropDown, campusIds)?.uuidString ?? "",
                     ministry: Self.id(ministryDropDown, ministryIds)?.uuidString ?? "")
    }

    private static func id(_ dropDown: DropDown, _ ids: [UUID]) -> UUID? {
        guard let index = dropDown.selectedIndex, index > 0, index <= ids.count else { return nil }
        return ids[index - 1]
    }

    /// Lists the organization's campuses and ministries by name, after "All Campuses" and
    /// "All Ministries"; answers what is still chosen.
    @discardableResult
    func fill(campuses: [UUID: String], ministries: [UUID: String]) -> CampusChoice {
        isFilling = true
        campusIds = Self.fill(campusDropDown, campuses, kept: Self.id(campusDropDown, campusIds), all: tr("All Campuses"))
        ministryIds = Self.fill(ministryDropDown, ministries, kept: Self.id(ministryDropDown, ministryIds), all: tr("All Ministries"))
        isFilling = false
        campusDropDown.isVisible = !campusIds.isEmpty
        ministryDropDown.isVisible = !ministryIds.isEmpty
        widget.isVisible = !campusIds.isEmpty || !ministryIds.isEmpty
        return chosen
    }

    private static func fill(_ dropDown: DropDown, _ titles: [UUID: String], kept: UUID?, all: String) -> [UUID] {
        let sorted = titles.sorted { $0.value.localizedCaseInsensitiveCompare($1.value) == .orderedAscending }
        let ids = sorted.map(\.key)
        dropDown.setStrings([all] + sorted.map(\.value))
        dropDown.selectedIndex = (kept.flatMap { ids.firstIndex(of: $0) }).map { $0 + 1 } ?? 0
        return ids
    }
}
