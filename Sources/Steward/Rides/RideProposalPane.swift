import Foundation
import GtkKit
import StewardCore
import Translation

/// What Assign Everyone proposes, as a diff against the plan in force: who is newly seated,
/// who moves to another driver, who loses a seat and who stays waiting (with the reason in
/// plain words). Accept applies it (the page writes it through `RidePlanService`); Discard
/// leaves the plan as it is.
@MainActor
final class RideProposalPane {
    let widget: Widget
    let acceptButton = Button(label: tr("Accept"))
    let discardButton = Button(label: tr("Discard"))
    private let heading = Label()
    private let summary = Label()
    private let table = PassportTable<RideDiffLine>(name: tr("Proposed changes")) { $0.key }

    init() {
        heading.addCSSClass("title-3")
        heading.xalign = 0
        heading.ellipsizesAtEnd = true
        summary.xalign = 0
        summary.wraps = true
        acceptButton.addCSSClass("suggested-action")
        acceptButton.tooltip = tr("Apply the proposal: the passengers and drivers it changes get a notification")
        discardButton.tooltip = tr("Leave the plan as it is")
        let buttons = Box.horizontal(spacing: 8)
        // The buttons at the end, where a dialog keeps them.
        let spacer = Label()
        spacer.hexpand = true
        buttons.append(spacer)
        buttons.append(discardButton)
        buttons.append(acceptButton)
        let box = Box.vertical(spacing: 8)
        box.setMargins(top: 12, bottom: 12, start: 12, end: 12)
        box.append(heading)
        box.append(summary)
        box.append(table.scroller)
        box.append(buttons)
        widget = box
        table.addColumns([
            .init(tr("Change"), width: 120) { line in line.change.text },
            .init(tr("Passenger"), expand: true) { line in line.passenger },
            .init(tr("Leg"), width: 52) { line in RideBoardPane.legText(line.leg) },
            .init(tr("Now"), expand: true) { line in line.before },
            .init(tr("Proposed"), expand: true) { line in line.after },
        ])
    }

    func show(_ diff: RidePlanDiff, board: RideBoard, title: String) {
        heading.text = tr("Proposed plan for {event}", ["event": title])
        summary.text = diff.isEmpty ? tr("The plan in force is already the best: nothing changes.") + " " + diff.summary : diff.summary
        table.show(diff.lines(on: board))
        acceptButton.isSensitive = !diff.isEmpty
    }
}
