import GtkKit
import StewardCore
import Translation

/// The two versions of a conflicted record, field by field, in the resolve window's grid:
/// every field is listed, the ones that differ are highlighted and carry a "Keep mine" /
/// "Keep theirs" pair of toggles showing the two values. Exactly one of each pair is pressed.
@MainActor
final class ConflictFieldGrid {
    /// The choice key of the whole event, when the sides cannot be mixed (one was deleted).
    static let wholeEventKey = ""

    private struct Pair {
        let key: String
        let label: String
        let mine: ToggleButton
        let theirs: ToggleButton
        let name: Label
    }

    private let grid: Grid
    private var pairs: [Pair] = []
    private var nameLabels: [String: Label] = [:]
    /// Runs after any choice changes.
    var onChange: (() -> Void)?

    init(grid: Grid) {
        self.grid = grid
    }

    /// Lists `detail`'s fields under the grid's header row.
    func show(_ detail: ConflictDetail) {
        grid.removeRows(from: 1)
        pairs = []
        nameLabels = [:]
        var row = 1
        if !detail.canMergeFields && detail.theirsKnown {
            addPair(key: Self.wholeEventKey, label: tr("Whole event"),
                    mine: detail.mineDeleted ? tr("Deleted") : tr("Keep the event as changed here"),
                    theirs: detail.theirsDeleted ? tr("Deleted") : tr("Keep the event as the store has it"),
                    row: row)
            row += 1
        }
        for field in detail.fields {
            if field.differs && detail.canMergeFields {
                addPair(key: field.key, label: field.label, mine: field.mine, theirs: field.theirs, row: row)
            } else {
                addPlain(field, detail: detail, row: row)
            }
            row += 1
        }
    }

    /// Each differing field's side (the whole event's under the key "").
    var choices: [String: ConflictFieldChoice] {
        var result: [String: ConflictFieldChoice] = [:]
        for pair in pairs { result[pair.key] = pair.theirs.isActive ? .theirs : .mine }
        return result
    }

    var choiceCount: Int { pairs.count }

    func chooseAll(_ side: ConflictFieldChoice) {
        for pair in pairs {
            (side == .mine ? pair.mine : pair.theirs).isActive = true
        }
    }

    /// Marks the fields named by a refused merge, and clears the others.
    func markProblems(_ fields: Set<String>) {
        for (key, label) in nameLabels { label.setCSSClass("error", fields.contains(key)) }
    }

    /// The label people know a field key by ("ends" -> "Ends").
    func label(for key: String) -> String? {
        pairs.first { $0.key == key }?.label
    }

    // MARK: rows

    private func addPair(key: String, label: String, mine: String, theirs: String, row: Int) {
        let name = nameLabel(label, differs: true)
        nameLabels[key] = name
        grid.attach(name, column: 0, row: row)
        let mineButton = choiceButton(mine, accessibleName: tr("Keep mine: {field}", ["field": label]))
        let theirsButton = choiceButton(theirs, accessibleName: tr("Keep theirs: {field}", ["field": label]))
        theirsButton.setGroup(mineButton)
        mineButton.isActive = true
        for button in [mineButton, theirsButton] {
            button.onToggled { [weak self] active in if active { self?.onChange?() } }
        }
        grid.attach(mineButton, column: 1, row: row)
        grid.attach(theirsButton, column: 2, row: row)
        pairs.append(Pair(key: key, label: label, mine: mineButton, theirs: theirsButton, name: name))
    }

    private func addPlain(_ field: ConflictField, detail: ConflictDetail, row: Int) {
        let name = nameLabel(field.label, differs: field.differs)
        nameLabels[field.key] = name
        grid.attach(name, column: 0, row: row)
        let mine = detail.mineDeleted ? tr("Deleted") : field.mine
        let theirs = !detail.theirsKnown ? tr("Not known yet") : detail.theirsDeleted ? tr("Deleted") : field.theirs
        grid.attach(valueLabel(mine, differs: field.differs), column: 1, row: row)
        grid.attach(valueLabel(theirs, differs: field.differs), column: 2, row: row)
    }

    private func nameLabel(_ text: String, differs: Bool) -> Label {
        let label = Label(text)
        label.xalign = 0
        label.verticalAlignment = .start
        label.setMargins(top: 6, bottom: 0, start: 0, end: 0)
        label.addCSSClass(differs ? "conflict-field-differs" : "dim-label")
        return label
    }

    private func valueLabel(_ text: String, differs: Bool) -> Label {
        let label = Label(text.isEmpty ? tr("(empty)") : text)
        label.xalign = 0
        label.wrapsAnywhere = true
        Self.shareWidth(label)
        label.isSelectable = true
        label.hexpand = true
        label.setMargins(top: 6, bottom: 6, start: 8, end: 8)
        label.addCSSClass(differs ? "conflict-value-differs" : "dim-label")
        if text.isEmpty { label.addCSSClass("conflict-value-empty") }
        return label
    }

    /// Every value asks for the same width, so the two sides get columns of one size.
    private static func shareWidth(_ label: Label) {
        label.widthChars = 20
        label.maxWidthChars = 20
    }

    private func choiceButton(_ value: String, accessibleName: String) -> ToggleButton {
        let button = ToggleButton(label: "")
        let content = Label(value.isEmpty ? tr("(empty)") : value)
        content.xalign = 0
        content.wrapsAnywhere = true
        Self.shareWidth(content)
        if value.isEmpty { content.addCSSClass("conflict-value-empty") }
        button.setChild(content)
        button.hexpand = true
        button.setAccessibleLabel(accessibleName)
        button.tooltip = accessibleName
        button.addCSSClass("conflict-choice")
        return button
    }
}
