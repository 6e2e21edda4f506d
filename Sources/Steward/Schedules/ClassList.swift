import Foundation
import GtkKit
import StewardCore
import Translation

/// The list view: one row per class in time order, each opening the class's page. Its rows are
/// kept from week to week and only rewritten, a few per turn of the main loop
/// (`PiecewiseWork`): a week of 500 classes made and dropped as 500 new rows at once held
/// the window for a good part of a second.
@MainActor
final class ClassList {
    let widget: Widget
    private let list = ListBox.boxed()
    private var rows: [(button: Button, text: Label)] = []
    private var classes: [ScheduledClass] = []
    private var zone = TimeZone.current
    private var writer: PiecewiseWork?
    /// What a click on a class does (opens its page).
    var onOpen: (@MainActor (ScheduledClass) -> Void)?

    init() {
        widget = list
        list.setAccessibleLabel(tr("Classes"))
        list.setMargins(top: 6, bottom: 12, start: 12, end: 12)
        list.setPlaceholder(Label(tr("No classes this week.")))
    }

    func show(_ classes: [ScheduledClass], zone: TimeZone) {
        self.classes = classes
        self.zone = zone
        // Rows a shorter week does not need are hidden, not destroyed: the next week may.
        for row in rows.dropFirst(classes.count) where row.button.parent?.isVisible == true { row.button.parent?.isVisible = false }
        writer = PiecewiseWork(count: classes.count) { [weak self] index in self?.write(index) }
    }

    /// Row `index`, made when the list has none to spare, written for its class.
    private func write(_ index: Int) {
        if index == rows.count {
            let button = Button()
            button.hasFrame = false
            let text = Label("")
            text.xalign = 0
            button.setChild(text)
            button.onClicked { [weak self] in
                guard let self, index < self.classes.count else { return }
                self.onOpen?(self.classes[index])
            }
            list.append(button)
            rows.append((button, text))
        }
        let (button, text) = rows[index]
        let scheduled = classes[index]
        text.text = ScheduleText.listLine(scheduled, zone: zone)
        button.setCSSClass("cancelled", scheduled.source.isCancelled)
        button.setCSSClass("substitute", scheduled.source.isSubstitute)
        button.setAccessibleLabel(ScheduleText.spoken(scheduled, zone: zone))
        if button.parent?.isVisible == false { button.parent?.isVisible = true }
    }
}
