import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// The trainers view: one row per trainer, the week's days across, each day's classes in time
/// order, each opening the class's page. A substitute's class is in the row of the one who
/// teaches it, marked; a cancelled one is struck through. A trainer's staff appointments
/// (personal training, from MindBody) sit among their classes in time order, drawn apart: no
/// room or bookings, their status, struck through when the session did not happen.
///
/// As in the week grid, the entries are drawn (`TrainersPicture`), with a button over each whose
/// accessible name says the whole entry (`DrawnSchedule`). Each trainer's name and count are
/// labels, so a screen reader hears the rows' headings; they too are kept from week to week and
/// only rewritten. A week of 500 classes built as buttons of two labels each held the window
/// for a fifth of a second at each visit.
@MainActor
final class TrainersView: DrawnScheduleContent {
    var widget: Widget { schedule.box }
    private let schedule = DrawnSchedule()
    private var headings: [(box: Box, name: Button, count: Label)] = []
    private var week = TrainerWeek([], firstDay: LocalDate(Date(), in: .current), zone: .current)
    /// Every entry under a button, row by row, day by day, in time order.
    private var entries: [TrainerWeek.Entry] = []
    private var picture = TrainersPicture(headings: [], entries: [])
    private var zone = TimeZone.current
    /// What a click on a class does (opens its page).
    var onOpen: (@MainActor (ScheduledClass) -> Void)?
    /// What a click on an appointment does (shows its details).
    var onOpenAppointment: (@MainActor (StaffAppointment) -> Void)?
    /// What a click on a trainer's name does (opens their profile), with the name.
    var onOpenProfile: (@MainActor (String) -> Void)?

    init() {
        schedule.content = self
    }

    func follow(_ scroller: ScrolledWindow) { schedule.follow(scroller) }

    private func geometry(width: Int) -> TrainersGeometry {
        TrainersGeometry(entries: picture.geometryCounts, width: Double(width))
    }

    /// Shows `week`: drawn at once, its entries' buttons named over the next few turns.
    func show(_ week: TrainerWeek, zone: TimeZone) {
        self.week = week
        self.zone = zone
        var entries: [TrainerWeek.Entry] = []
        var looks: [[[ScheduleBlockLook]]] = []
        for row in week.rows {
            var days: [[ScheduleBlockLook]] = []
            for day in 0..<7 {
                let dayEntries = row.entries(day: day)
                entries += dayEntries
                days.append(dayEntries.map { Self.look($0, zone: zone) })
            }
            looks.append(days)
        }
        self.entries = entries
        picture = TrainersPicture(headings: (0..<7).map { ScheduleText.shortDay(week.firstDay.adding(days: $0)) }, entries: looks)
        writeHeadings()
        schedule.show(count: entries.count) { [weak self] index in
            guard let self else { return "" }
            switch self.entries[index] {
            case .lesson(let scheduled): return ScheduleText.spoken(scheduled, zone: self.zone)
            case .appointment(let appointment): return ScheduleText.spoken(appointment, zone: self.zone)
            }
        }
    }

    /// Each row's heading: the trainer's name and how many classes (and appointments) they have.
    private func writeHeadings() {
        for (index, row) in week.rows.enumerated() {
            if index == headings.count {
                let box = Box.vertical(spacing: 0)
                // The name is a link to the trainer's profile, as a person reads it.
                let name = Button(label: "")
                name.hasFrame = false
                name.horizontalAlignment = .start
                name.addCSSClass("trainer-link")
                let position = headings.count
                name.onClicked { [weak self] in
                    guard let self, position < self.week.rows.count else { return }
                    let trainer = self.week.rows[position].trainer
                    if !trainer.isEmpty { self.onOpenProfile?(trainer) }
                }
                // The count wraps ("8 classes ·" over "4 appointments") in the narrow name column.
                let count = Label("")
                count.xalign = 0
                count.wraps = true
                count.addCSSClass("dim-label")
                box.append(name)
                box.append(count)
                schedule.box.append(box)
                headings.append((box, name, count))
            }
            let heading = headings[index]
            let name = row.trainer.isEmpty ? tr("No trainer named") : row.trainer
            var counted = trn("{count} class", "{count} classes", row.classCount, ["count": String(row.classCount)])
            if row.appointmentCount > 0 {
                counted += " · " + trn("{count} appointment", "{count} appointments", row.appointmentCount,
                                       ["count": String(row.appointmentCount)])
            }
            heading.name.label = name
            heading.name.isSensitive = !row.trainer.isEmpty
            heading.name.setAccessibleLabel(tr("Profile of {trainer}", ["trainer": name]))
            heading.name.tooltip = tr("Open {trainer}’s profile", ["trainer": name])
            heading.count.text = counted
            heading.box.setAccessibleLabel(tr("{trainer}: {count}", ["trainer": name, "count": counted]))
            if !heading.box.isVisible { heading.box.isVisible = true }
        }
        for heading in headings.dropFirst(week.rows.count) where heading.box.isVisible { heading.box.isVisible = false }
    }

    private static func look(_ entry: TrainerWeek.Entry, zone: TimeZone) -> ScheduleBlockLook {
        switch entry {
        case .lesson(let scheduled):
            let c = scheduled.source
            var second = c.room
            if c.isSubstitute { second += " · " + tr("substitute") }
            return ScheduleBlockLook(kind: .program(ScheduleText.programIndex(c.program)),
                                     lines: [ScheduleText.time(c.startsAt, zone: zone) + " " + c.name, second],
                                     isCancelled: c.isCancelled, isSubstitute: c.isSubstitute, isRemoved: scheduled.isRemoved)
        case .appointment(let appointment):
            let a = appointment.source
            return ScheduleBlockLook(kind: .appointment,
                                     lines: [ScheduleText.time(a.startsAt, zone: zone) + " " + tr("Personal training"),
                                             ScheduleText.appointmentStatus(a.kind)],
                                     isCancelled: a.kind.didNotHappen, isRemoved: appointment.isRemoved)
        }
    }

    // MARK: DrawnScheduleContent

    func size(horizontal: Bool) -> Double {
        horizontal ? TrainersGeometry.minimumWidth : geometry(width: 0).height
    }

    func place(in schedule: DrawnSchedule, width: Int) {
        let geometry = geometry(width: width)
        if schedule.empty.isVisible {
            schedule.allocate(schedule.empty, at: (0, TrainersGeometry.margin.top + TrainersGeometry.headingHeight,
                                                   Double(width), TrainersGeometry.rowMinimumHeight))
        }
        for index in 0..<min(week.rows.count, headings.count) {
            let rect = geometry.name(row: index)
            schedule.allocate(headings[index].box, at: (rect.x, rect.y, rect.width - 6, rect.height))
        }
        var index = 0
        for (row, days) in picture.entries.enumerated() {
            for (day, looks) in days.enumerated() {
                for position in looks.indices {
                    schedule.place(index, at: geometry.entry(row: row, day: day, index: position))
                    index += 1
                }
            }
        }
    }

    func draw(on context: OpaquePointer, width: Int, font: (family: String, points: Double), within shown: DrawnSchedule.Span?) {
        picture.draw(on: context, geometry: geometry(width: width), dark: StyleManager.isDark,
                     fontFamily: font.family, fontSize: font.points, within: shown)
    }

    func open(_ index: Int) {
        guard index < entries.count else { return }
        switch entries[index] {
        case .lesson(let scheduled): onOpen?(scheduled)
        case .appointment(let appointment): onOpenAppointment?(appointment)
        }
    }
}
