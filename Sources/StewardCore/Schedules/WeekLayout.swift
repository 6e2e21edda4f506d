import Foundation

/// Where each class of a week sits in the week grid: days across, hours down, in 15-minute
/// rows; classes that overlap on a day side by side in lanes of their own. No GTK here: the
/// window draws what this says.
public struct WeekLayout: Sendable {
    public static let slotMinutes = 15

    public struct Block: Sendable {
        public var scheduled: ScheduledClass
        /// 0 = the week's first day.
        public var day: Int
        public var lane: Int
        /// Rows from `firstHour`, 15 minutes each.
        public var row: Int
        public var rows: Int
    }

    public var firstDay: LocalDate
    public var firstHour: Int
    public var lastHour: Int
    /// Lanes per day (at least 1).
    public var lanes: [Int]
    public var blocks: [Block]

    public var rowCount: Int { (lastHour - firstHour) * 60 / Self.slotMinutes }

    /// Lays out the classes starting in the 7 days from `firstDay` (the gym's days).
    public init(_ classes: [ScheduledClass], firstDay: LocalDate, zone: TimeZone) {
        self.firstDay = firstDay
        var byDay = Array(repeating: [ScheduledClass](), count: 7)
        var earliest = 24 * 60, latest = 0
        var minuteOfDay: [UUID: (start: Int, end: Int)] = [:]
        for scheduled in classes {
            let day = LocalDate(scheduled.source.startsAt, in: zone)
            let index = WeekLayout.days(from: firstDay, to: day)
            guard (0..<7).contains(index) else { continue }
            let dayStart = day.startOfDay(in: zone)
            let start = Int(scheduled.source.startsAt.timeIntervalSince(dayStart) / 60)
            // A class running past midnight is drawn to the end of its day.
            let end = min(24 * 60, max(start + Self.slotMinutes, Int(scheduled.source.endsAt.timeIntervalSince(dayStart) / 60)))
            minuteOfDay[scheduled.id] = (start, end)
            earliest = min(earliest, start)
            latest = max(latest, end)
            byDay[index].append(scheduled)
        }
        // Whole hours around the classes; a working day when there are none.
        firstHour = earliest > latest ? 6 : earliest / 60
        lastHour = earliest > latest ? 21 : min(24, (latest + 59) / 60)
        var lanes = Array(repeating: 1, count: 7)
        var blocks: [Block] = []
        for (day, dayClasses) in byDay.enumerated() {
            let sorted = dayClasses.sorted {
                (minuteOfDay[$0.id]!.start, $0.source.room, $0.source.name) < (minuteOfDay[$1.id]!.start, $1.source.room, $1.source.name)
            }
            // Greedy lanes: each class takes the first lane free at its start.
            var laneEnds: [Int] = []
            for scheduled in sorted {
                let span = minuteOfDay[scheduled.id]!
                let lane = laneEnds.firstIndex { $0 <= span.start } ?? laneEnds.count
                if lane == laneEnds.count { laneEnds.append(span.end) } else { laneEnds[lane] = span.end }
                let firstRow = (span.start - firstHour * 60) / Self.slotMinutes
                let lastRow = (span.end - firstHour * 60 + Self.slotMinutes - 1) / Self.slotMinutes
                blocks.append(Block(scheduled: scheduled, day: day, lane: lane, row: firstRow, rows: max(1, lastRow - firstRow)))
            }
            lanes[day] = max(1, laneEnds.count)
        }
        self.lanes = lanes
        self.blocks = blocks
    }

    static func days(from a: LocalDate, to b: LocalDate) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let start = a.startOfDay(in: .gmt), end = b.startOfDay(in: .gmt)
        return calendar.dateComponents([.day], from: start, to: end).day ?? 0
    }

    /// The Monday of `day`'s week.
    public static func monday(of day: LocalDate) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let weekday = calendar.component(.weekday, from: day.startOfDay(in: .gmt))  // 1 = Sunday
        return day.adding(days: -((weekday + 5) % 7))
    }
}

/// What the owner narrows the schedule to.
public struct ScheduleFilter: Hashable, Sendable {
    public var trainer: String?
    public var room: String?
    public var program: String?
    public var cancelledOnly = false
    public var substitutesOnly = false

    public init(trainer: String? = nil, room: String? = nil, program: String? = nil, cancelledOnly: Bool = false,
                substitutesOnly: Bool = false) {
        self.trainer = trainer
        self.room = room
        self.program = program
        self.cancelledOnly = cancelledOnly
        self.substitutesOnly = substitutesOnly
    }

    public func matches(_ scheduled: ScheduledClass) -> Bool {
        let c = scheduled.source
        if let trainer, c.trainer != trainer { return false }
        if let room, c.room != room { return false }
        if let program, c.program != program { return false }
        if cancelledOnly, !c.isCancelled { return false }
        if substitutesOnly, !c.isSubstitute { return false }
        return true
    }

    /// An appointment has no room, program or substitute: narrowing by those hides it. With
    /// "cancelled", only sessions that did not happen.
    public func matches(_ appointment: StaffAppointment) -> Bool {
        if let trainer, appointment.source.staff != trainer { return false }
        if room != nil || program != nil || substitutesOnly { return false }
        if cancelledOnly, !appointment.source.kind.didNotHappen { return false }
        return true
    }
}
