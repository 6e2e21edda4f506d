import Foundation
import GtkKit

/// The buttons over a drawn schedule's blocks (the week grid's classes, the trainers view's
/// entries): without a child, transparent but for hover and focus, so a person clicks or tabs
/// to a block and a screen reader hears it by the button's name. The buttons are kept from
/// week to week and only renamed, a few per turn of the main loop (`PiecewiseWork`), after the
/// week is drawn: hundreds of buttons made, measured and announced to the accessibility bus at
/// once held the window for a good part of a second.
@MainActor
final class BlockButtons {
    private let box: PlacedBox
    private var buttons: [Button] = []
    private var count = 0
    private var namer: PiecewiseWork?
    private var spoken: (@MainActor (Int) -> String)?
    /// What a click on block `index` does.
    var onClick: (@MainActor (Int) -> Void)?

    init(in box: PlacedBox) {
        self.box = box
    }

    /// Shows `count` buttons, button `index` heard as `spoken(index)`; the names come over the
    /// next few turns.
    func show(count: Int, spoken: @escaping @MainActor (Int) -> String) {
        self.count = count
        self.spoken = spoken
        // Buttons a shorter week does not need are hidden, not destroyed: the next week may.
        for button in buttons.dropFirst(count) where button.isVisible { button.isVisible = false }
        namer = PiecewiseWork(count: count) { [weak self] index in self?.name(index) }
    }

    /// Gives button `index` its rectangle, once it is made (call from the box's `place`).
    func place(_ index: Int, at rect: (x: Double, y: Double, width: Double, height: Double)) {
        guard index < buttons.count, index < count else { return }
        box.allocate(buttons[index], x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// The button over block `index`, made when there is none to spare, named for its block.
    private func name(_ index: Int) {
        if index == buttons.count {
            let button = Button()
            button.addCSSClass("block-hit")
            button.onClicked { [weak self] in
                guard let self, index < self.count else { return }
                self.onClick?(index)
            }
            buttons.append(button)
            box.append(button)
        }
        let button = buttons[index]
        let name = spoken?(index) ?? ""
        button.setAccessibleLabel(name)
        button.tooltip = name
        if !button.isVisible { button.isVisible = true }
    }
}
