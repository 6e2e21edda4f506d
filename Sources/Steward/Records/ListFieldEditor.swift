import Foundation
import GtkKit
import StewardCore
import Translation

/// The editor of a `.list` field (a bulletin's sections): staff add, remove and reorder its
/// items, and each item's fields are built the same way as the record's own. Items are named by
/// their place ("Section 2 Heading"), renamed when they move, so screen readers and tests can
/// tell one item's fields from the next.
@MainActor
final class ListFieldEditor {
    let field: FieldSpec
    let widget: Widget
    private let itemFields: [FieldSpec]
    private let maxItems: Int
    private let context: FormContext
    private let itemsBox = Box.vertical(spacing: 18)
    private let addButton: Button
    private let header: PreferencesGroup
    private let outer: Box
    private var items: [Item] = []
    private var isEditable = true
    /// "Section", from "Sections".
    let itemNoun: String
    var onEdited: (() -> Void)?

    /// One item: a titled group of its fields, with buttons to move it and take it out.
    @MainActor
    private final class Item {
        let group: PreferencesGroup
        let inputs: [FieldInput]
        let up: Button
        let down: Button
        let remove: Button

        init(fields: [FieldSpec], context: FormContext) {
            group = PreferencesGroup()
            inputs = fields.map { FieldInput($0, context: context, inItem: true) }
            up = Button(iconName: "go-up-symbolic", accessibleLabel: tr("Move Up"))
            down = Button(iconName: "go-down-symbolic", accessibleLabel: tr("Move Down"))
            remove = Button(iconName: "user-trash-symbolic", accessibleLabel: tr("Remove"))
            let buttons = Box.horizontal(spacing: 6)
            for button in [up, down, remove] {
                button.addCSSClass("flat")
                button.verticalAlignment = .center
                buttons.append(button)
            }
            group.setHeaderSuffix(buttons)
            for input in inputs { group.add(input.row) }
        }

        var value: JSONValue {
            .object(Dictionary(uniqueKeysWithValues: inputs.map { ($0.field.name, $0.value) }))
        }

        /// Titles and names follow the item's place in the list.
        func number(_ position: Int, noun: String) {
            // TRANSLATORS: one item of a list by its place, like "Section 2".
            let name = tr("{item} {number}", ["item": noun, "number": String(position)])
            group.title = name
            up.setAccessibleLabel(tr("Move {item} Up", ["item": name]))
            up.tooltip = tr("Move Up")
            down.setAccessibleLabel(tr("Move {item} Down", ["item": name]))
            down.tooltip = tr("Move Down")
            remove.setAccessibleLabel(tr("Remove {item}", ["item": name]))
            remove.tooltip = tr("Remove {item}", ["item": name])
            // TRANSLATORS: an item's field for screen readers, like "Section 2 Heading".
            for input in inputs { input.setAccessibleName(tr("{item} {field}", ["item": name, "field": input.field.label])) }
        }
    }

    init(_ field: FieldSpec, itemFields: [FieldSpec], maxItems: Int, context: FormContext) {
        self.field = field
        self.itemFields = itemFields
        self.maxItems = maxItems
        self.context = context
        itemNoun = field.itemLabel

        let box = Box.vertical(spacing: 12)
        outer = box
        header = PreferencesGroup(title: field.label)
        addButton = Button(label: tr("_Add {item}", ["item": itemNoun]), accessibleLabel: tr("Add {item}", ["item": itemNoun]))
        addButton.verticalAlignment = .center
        header.setHeaderSuffix(addButton)
        box.append(header)
        box.append(itemsBox)
        widget = box

        addButton.onClicked { [weak self] in
            guard let self, let item = self.append(nil) else { return }
            item.inputs.first?.focusWidget.grabFocus()
            self.onEdited?()
        }
        update()
    }

    var value: JSONValue { .array(items.map(\.value)) }

    /// The list's problems show under its title, above the items.
    func attach(errorRow: Widget) {
        outer.append(errorRow)
        outer.reorderChild(errorRow, after: header)
    }

    /// The control that takes the focus when the list has a problem.
    var focusWidget: Widget { items.first?.inputs.first?.focusWidget ?? addButton }

    func fill(_ value: JSONValue?) {
        for item in items { itemsBox.remove(item.group) }
        items = []
        for stored in value?.arrayValue ?? [] { append(stored) }
        update()
    }

    @discardableResult
    private func append(_ stored: JSONValue?) -> Item? {
        guard items.count < maxItems else { return nil }
        let item = Item(fields: itemFields, context: context)
        for input in item.inputs {
            if let stored { input.fill(stored[input.field.name]) }
            input.onEdited = { [weak self] in self?.onEdited?() }
            input.setEditable(isEditable)
        }
        item.up.onClicked { [weak self, weak item] in if let self, let item { self.move(item, by: -1) } }
        item.down.onClicked { [weak self, weak item] in if let self, let item { self.move(item, by: 1) } }
        item.remove.onClicked { [weak self, weak item] in if let self, let item { self.remove(item) } }
        items.append(item)
        itemsBox.append(item.group)
        update()
        return item
    }

    private func move(_ item: Item, by offset: Int) {
        guard let from = items.firstIndex(where: { $0 === item }) else { return }
        let to = from + offset
        guard items.indices.contains(to) else { return }
        items.swapAt(from, to)
        // Moved in place, not taken out and put back: the pressed button keeps the focus, so
        // pressing it again moves the item further.
        itemsBox.reorderChild(item.group, after: to == 0 ? nil : items[to - 1].group)
        update()
        onEdited?()
    }

    private func remove(_ item: Item) {
        guard let index = items.firstIndex(where: { $0 === item }) else { return }
        items.remove(at: index)
        itemsBox.remove(item.group)
        update()
        // The focus goes to the item that took its place, else to "Add".
        if items.indices.contains(index) { items[index].remove.grabFocus() } else { addButton.grabFocus() }
        onEdited?()
    }

    /// Numbers, move buttons at the ends, the empty line and the limit.
    private func update() {
        for (index, item) in items.enumerated() {
            item.number(index + 1, noun: itemNoun)
            item.up.isSensitive = isEditable && index > 0
            item.down.isSensitive = isEditable && index < items.count - 1
            item.remove.isSensitive = isEditable
        }
        header.setProperty("description", items.isEmpty
            ? tr("No {items} yet. “Add {item}” adds one at the end.", ["items": field.label.lowercased(), "item": itemNoun])
            : nil)
        addButton.isSensitive = isEditable && items.count < maxItems
        addButton.tooltip = items.count < maxItems ? nil
            : trn("At most {count} {items}", "At most {count} {items}", maxItems, ["items": field.label.lowercased()])
    }

    /// The core names the items at fault ("Item 3: Link must be a web address"): each such line
    /// goes under the item's field it names, which is marked and takes the focus, and the item's
    /// group is marked too, so a problem is found without counting. Answers the lines that name
    /// no field of an item (they stay under the list's title) and the control to focus.
    func showItemIssues(_ message: String?) -> (rest: String?, focus: Widget?) {
        for item in items {
            item.group.removeCSSClass("item-error")
            for input in item.inputs { input.showIssue(nil) }
        }
        guard let message else { return (nil, nil) }
        let labels = itemFields.map(\.label)
        var rest: [String] = []
        var placed: [Int: [Int: [String]]] = [:]
        for line in message.split(whereSeparator: \.isNewline).map(String.init) {
            guard let (position, field) = ListItemIssue.locate(line, itemCount: items.count, labels: labels),
                  items.indices.contains(position - 1) else {
                rest.append(line)
                continue
            }
            items[position - 1].group.addCSSClass("item-error")
            if let field { placed[position - 1, default: [:]][field, default: []].append(line) } else { rest.append(line) }
        }
        var focus: Widget?
        for (index, item) in items.enumerated() {
            for (field, input) in item.inputs.enumerated() {
                guard let lines = placed[index]?[field] else { continue }
                input.showIssue(lines.joined(separator: "\n"))
                if focus == nil { focus = input.focusWidget }
            }
        }
        return (rest.isEmpty ? nil : rest.joined(separator: "\n"), focus)
    }

    func setEditable(_ editable: Bool) {
        isEditable = editable
        for item in items { for input in item.inputs { input.setEditable(editable) } }
        update()
    }
}
