import GtkKit
import Translation

/// A drop-down for a choice that matters (a borrower, a member, an event). It opens on a prompt
/// ("Choose a borrower…") that is no choice at all, so nothing is picked for staff by default
/// and what they confirm is what they chose; a list longer than a handful narrows as they type.
@MainActor
final class ChoiceDropDown {
    /// Lists longer than this take typing to narrow them.
    static let searchableOver = 7

    let widget: DropDown
    private let count: Int

    /// `choices` as shown, in order; `chosen` the index picked already (an existing record's).
    init(prompt: String, choices: [String], chosen: Int? = nil) {
        count = choices.count
        widget = DropDown(strings: [prompt] + choices)
        if choices.count > Self.searchableOver { widget.enableSearch() }
        choose(chosen)
    }

    /// The index in `choices` picked; nil while the prompt shows.
    var chosenIndex: Int? {
        guard let index = widget.selectedIndex, index > 0, index <= count else { return nil }
        return index - 1
    }

    func choose(_ index: Int?) {
        widget.selectedIndex = index.map { $0 + 1 } ?? 0
    }

    /// Runs with the index picked (nil: the prompt) whenever it changes.
    func onChanged(_ handler: @escaping @MainActor (Int?) -> Void) {
        widget.onSelectionChanged { [weak self] _ in handler(self?.chosenIndex) }
    }
}
