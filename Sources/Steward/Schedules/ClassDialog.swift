import Foundation
import CGtk
import GtkKit
import StewardCore
import Translation

/// A class's page: what the booking service says of it, read-only, and the gym's own
/// fields — its note and whether the app features it — to edit. A refresh never changes those.
/// The service's own ids are not shown (staff never need them), and the service's part
/// scrolls within the dialog so Save and Close stay on a 700-pixel screen.
@MainActor
enum ClassDialog {
    /// The height the booking service's part takes at most before it scrolls.
    static let sourcePartHeight: Int32 = 300

    /// `regular`: whom a substitute stands in for, when the schedule's other weeks say.
    static func present(_ scheduled: ScheduledClass, standingInFor regular: String?, org: Organization, parent: Window, canEdit: Bool,
                        save: @escaping @MainActor (_ note: String, _ featured: Bool) -> Void) {
        let c = scheduled.source
        let zone = org.timeZone
        let dialog = MessageDialog(parent: parent, heading: c.name,
                                   body: ScheduleText.dateTime(c.startsAt, zone: zone) + "–" + ScheduleText.time(c.endsAt, zone: zone))
        let content = Box.vertical(spacing: 12)
        let fields = Grid(rowSpacing: 4, columnSpacing: 12)
        var row = 0
        func add(_ label: String, _ value: String) {
            guard !value.isEmpty else { return }
            let name = Label(label)
            name.xalign = 1
            name.verticalAlignment = .start
            name.addCSSClass("dim-label")
            let text = Label(value)
            text.xalign = 0
            text.wraps = true
            text.isSelectable = true
            text.setAccessibleLabel(label + ": " + value)
            fields.attach(name, column: 0, row: row)
            fields.attach(text, column: 1, row: row)
            row += 1
        }
        let yes = tr("yes"), no = tr("no")
        let status = ScheduleText.marks(ScheduledClass(id: scheduled.id, orgId: scheduled.orgId, sourceId: scheduled.sourceId,
                                                      source: c, isRemoved: scheduled.isRemoved, firstSeenAt: scheduled.firstSeenAt,
                                                      changedAt: scheduled.changedAt)).joined(separator: ", ")
        add(tr("Status"), status.isEmpty ? tr("scheduled") : status)
        if c.isSubstitute, let regular {
            add(tr("Trainer"), tr("{trainer}, substitute for {regular}", ["trainer": c.trainer, "regular": regular]))
        } else {
            add(tr("Trainer"), c.isSubstitute ? tr("{trainer} (substitute)", ["trainer": c.trainer]) : c.trainer)
        }
        add(tr("Room"), c.room)
        add(tr("Location"), c.location)
        add(tr("Program"), c.program)
        add(tr("Session type"), c.sessionType)
        add(tr("Booked"), ScheduleText.booked(c))
        add(tr("Web capacity"), c.webCapacity.map(String.init) ?? "")
        add(tr("Waitlist"), c.isWaitlistAvailable ? tr("open") : tr("closed"))
        add(tr("Bookable"), c.isActive ? yes : no)
        add(tr("Description"), c.description)
        add(tr("Changed by a refresh"), ScheduleText.dateTime(scheduled.changedAt, zone: zone))
        let sourceHeading = Label(tr("From the booking service (read-only)"))
        sourceHeading.addCSSClass("heading")
        sourceHeading.xalign = 0
        content.append(sourceHeading)
        let scroller = ScrolledWindow(child: fields)
        scroller.setPolicy(horizontal: GTK_POLICY_NEVER, vertical: GTK_POLICY_AUTOMATIC)
        scroller.setProperty("propagate-natural-height", true)
        scroller.setProperty("max-content-height", sourcePartHeight)
        content.append(scroller)

        let gymHeading = Label(tr("The gym's own"))
        gymHeading.addCSSClass("heading")
        gymHeading.xalign = 0
        content.append(gymHeading)
        let note = Entry(placeholder: tr("A note for the gym (kept across refreshes)"))
        note.text = scheduled.localNote
        note.maxLength = 2000
        note.setAccessibleLabel(tr("Gym note"))
        note.activatesDefault = true
        note.isSensitive = canEdit
        content.append(note)
        let featured = CheckButton(label: tr("Featured in the app"))
        featured.isActive = scheduled.isFeatured
        featured.isSensitive = canEdit
        content.append(featured)

        dialog.setExtraChild(content)
        dialog.addResponse("close", tr("_Close"))
        if canEdit {
            dialog.addResponse("save", tr("_Save"), appearance: .suggested)
            dialog.defaultResponse = "save"
        }
        dialog.closeResponse = "close"
        dialog.present { response in
            if response == "save" { save(note.text.trimmingCharacters(in: .whitespacesAndNewlines), featured.isActive) }
        }
    }
}
