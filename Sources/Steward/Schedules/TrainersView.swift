import Foundation
import GtkKit
import StewardCore
import Translation

/// The trainers view: one row per trainer, the week's days across, each day's classes in time
/// order as small buttons opening the class's page. A substitute's class is in the row of the
/// one who teaches it, marked; a cancelled one is struck through. Each button's accessible name
/// says the whole class, as in the week grid. A trainer's staff appointments (personal
/// training, from MindBody) sit among their classes in time order, drawn apart
/// (`AppointmentEntry`): no room or bookings, their status, struck through when the session did
/// not happen (cancelled, late cancelled, no-show).
@MainActor
enum TrainersView {
    static func make(_ week: TrainerWeek, zone: TimeZone, open: @escaping @MainActor (ScheduledClass) -> Void,
                     openAppointment: @escaping @MainActor (StaffAppointment) -> Void = { _ in }) -> Widget {
        let grid = Grid(rowSpacing: 6, columnSpacing: 4)
        grid.addCSSClass("trainers-week")
        grid.setMargins(top: 6, bottom: 12, start: 12, end: 12)
        for day in 0..<7 {
            let heading = Label(ScheduleText.shortDay(week.firstDay.adding(days: day)))
            heading.addCSSClass("heading")
            heading.hexpand = true
            heading.ellipsizesAtEnd = true
            grid.attach(heading, column: 1 + day, row: 0)
        }
        for (index, row) in week.rows.enumerated() {
            let name = row.trainer.isEmpty ? tr("No trainer named") : row.trainer
            let heading = Box.vertical(spacing: 0)
            let nameLabel = Label(name)
            nameLabel.xalign = 0
            nameLabel.addCSSClass("heading")
            heading.append(nameLabel)
            var counted = trn("{count} class", "{count} classes", row.classCount, ["count": String(row.classCount)])
            if row.appointmentCount > 0 {
                counted += " · " + trn("{count} appointment", "{count} appointments", row.appointmentCount,
                                       ["count": String(row.appointmentCount)])
            }
            let count = Label(counted)
            count.xalign = 0
            count.addCSSClass("dim-label")
            heading.append(count)
            heading.verticalAlignment = .start
            heading.setMargins(top: 0, bottom: 0, start: 0, end: 6)
            heading.setAccessibleLabel(tr("{trainer}: {count}", ["trainer": name, "count": count.text]))
            grid.attach(heading, column: 0, row: 1 + index)
            for (day, classes) in row.days.enumerated() {
                let cell = Box.vertical(spacing: 2)
                cell.verticalAlignment = .start
                // Classes and appointments in one time order; at the same minute, the class first.
                var entries: [(start: Date, widget: Widget)] = classes.map { ($0.source.startsAt, entry($0, zone: zone, open: open)) }
                for appointment in row.appointments[day] {
                    let at = entries.firstIndex { $0.start > appointment.source.startsAt } ?? entries.count
                    entries.insert((appointment.source.startsAt, AppointmentEntry.make(appointment, zone: zone, open: openAppointment)), at: at)
                }
                for entry in entries { cell.append(entry.widget) }
                grid.attach(cell, column: 1 + day, row: 1 + index)
            }
        }
        if week.rows.isEmpty {
            let empty = Label(tr("No classes this week."))
            empty.addCSSClass("dim-label")
            grid.attach(empty, column: 1, row: 1, width: 7)
        }
        return grid
    }

    private static func entry(_ scheduled: ScheduledClass, zone: TimeZone, open: @escaping @MainActor (ScheduledClass) -> Void) -> Widget {
        let c = scheduled.source
        let lines = Box.vertical(spacing: 0)
        let first = Label(ScheduleText.time(c.startsAt, zone: zone) + " " + c.name)
        first.addCSSClass("class-name")
        var second = c.room
        if c.isSubstitute { second += " · " + tr("substitute") }
        let secondLabel = Label(second)
        for label in [first, secondLabel] {
            label.xalign = 0
            label.ellipsizesAtEnd = true
            lines.append(label)
        }
        let button = Button(label: "")
        button.setChild(lines)
        button.addCSSClass("class-block")
        button.addCSSClass(ScheduleText.programStyle(c.program))
        if c.isCancelled { button.addCSSClass("cancelled") }
        if c.isSubstitute { button.addCSSClass("substitute") }
        if scheduled.isRemoved { button.addCSSClass("removed") }
        button.setSizeRequest(width: 84, height: -1)
        button.hexpand = true
        button.setAccessibleLabel(ScheduleText.spoken(scheduled, zone: zone))
        button.tooltip = ScheduleText.spoken(scheduled, zone: zone)
        button.onClicked { open(scheduled) }
        return button
    }
}
