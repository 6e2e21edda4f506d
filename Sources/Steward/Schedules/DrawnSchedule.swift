import Foundation
import GtkKit
import Translation

/// What the week grid and the trainers view share: their blocks drawn in one drawing area, and
/// over each block a button without a child, transparent but for hover and focus, so a person
/// clicks or tabs to a block and a screen reader hears it by the button's name. Hundreds of
/// blocks built as buttons of several labels each (thousands of widgets, measured, laid out
/// and announced to the accessibility bus) held the window for a good part of a second; the
/// drawing is one pass over what the window shows, and the buttons are kept from week to week
/// and only renamed, a few per turn of the main loop (`PiecewiseWork`), after the week is drawn.
@MainActor
final class DrawnSchedule {
    /// The span of heights the window shows, for drawing only what is seen.
    typealias Span = (top: Double, bottom: Double)

    let box: PlacedBox
    private let area: DrawingArea
    /// "No classes this week." (or the owner's words), shown when its week has none.
    let empty: Label
    private var buttons: [Button] = []
    private var count = 0
    private var namer: PiecewiseWork?
    private var spoken: (@MainActor (Int) -> String)?
    private weak var scroller: ScrolledWindow?
    /// The view whose blocks these are; held weakly, as the view holds this.
    weak var content: (any DrawnScheduleContent)?

    init(emptyText: String = tr("No classes this week.")) {
        empty = Label(emptyText)
        let area = DrawingArea()
        self.area = area
        // The box's handlers reach the content weakly: the box lives as long as GTK shows it.
        weak var weakSelf: DrawnSchedule?
        box = PlacedBox(measure: { horizontal in
            Int((weakSelf?.content?.size(horizontal: horizontal) ?? 0).rounded(.up))
        }, place: { box, width, height in
            // The drawing area lies under everything, as large as the box.
            box.allocate(area, x: 0, y: 0, width: Double(width), height: Double(height))
            guard let self = weakSelf else { return }
            self.content?.place(in: self, width: width)
        })
        box.addCSSClass("drawn-schedule")
        box.append(area)
        empty.addCSSClass("dim-label")
        box.append(empty)
        weakSelf = self
        area.onDraw { [weak self] context, width, _ in
            guard let self else { return }
            let shown = self.scroller?.visibleRect
            self.content?.draw(on: context, width: width, font: self.area.font,
                               within: shown.map { (top: $0.y, bottom: $0.y + $0.height) })
        }
    }

    /// Draws only what `scroller` shows, again as it scrolls: a few dozen blocks a frame
    /// rather than the whole week's hundreds at each change of week.
    func follow(_ scroller: ScrolledWindow) {
        self.scroller = scroller
        scroller.onViewChanged { [weak self] in self?.area.redraw() }
    }

    /// Shows a new week of `count` blocks: drawn again at once, measured and placed again,
    /// button `index` heard as `spoken(index)` over the next few turns.
    func show(count: Int, spoken: @escaping @MainActor (Int) -> String) {
        self.count = count
        self.spoken = spoken
        empty.isVisible = count == 0
        area.redraw()
        box.remeasure()
        // Buttons a shorter week does not need are hidden, not destroyed: the next week may.
        for button in buttons.dropFirst(count) where button.isVisible { button.isVisible = false }
        namer = PiecewiseWork(count: count) { [weak self] index in self?.name(index) }
    }

    /// Gives `child` (the empty label, a heading) its rectangle (call from `place`).
    func allocate(_ child: Widget, at rect: (x: Double, y: Double, width: Double, height: Double)) {
        box.allocate(child, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// Gives block `index`'s button its rectangle, once it is made (call from `place`).
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
                self.content?.open(index)
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

/// A view drawn by `DrawnSchedule`: its size, where its children go, its drawing, and what a
/// click on a block does.
@MainActor
protocol DrawnScheduleContent: AnyObject {
    /// The view's size along one orientation (minimum and natural alike), in pixels.
    func size(horizontal: Bool) -> Double
    /// Places the blocks' buttons (`place(_:at:)`) and other children (`allocate`) for `width`.
    func place(in schedule: DrawnSchedule, width: Int)
    /// Draws the blocks on a `cairo_t *`, only what lies `within` the span shown when given.
    func draw(on context: OpaquePointer, width: Int, font: (family: String, points: Double), within shown: DrawnSchedule.Span?)
    /// Opens block `index` (a click on its button).
    func open(_ index: Int)
}
