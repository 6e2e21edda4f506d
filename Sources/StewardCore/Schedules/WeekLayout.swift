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
        let spans = classes.map { scheduled -> WeekPlacement.Span in
            let day = LocalDate(scheduled.source.startsAt, in: zone)
            let dayStart = day.startOfDay(in: zone)
            let start = Int(scheduled.source.startsAt.timeIntervalSince(dayStart) / 60)
            // A class running past midnight is drawn to the end of its day.
            let end = min(24 * 60, max(start + Self.slotMinutes, Int(scheduled.source.endsAt.timeIntervalSince(dayStart) / 60)))
            return WeekPlacement.Span(day: WeekLayout.days(from: firstDay, to: day), start: start, end: end)
        }
        let placement = WeekPlacement(spans) { a, b in
            (classes[a].source.room, classes[a].source.name) < (classes[b].source.room, classes[b].source.name)
        }
        firstHour = placement.firstHour
        lastHour = placement.lastHour
        lanes = placement.lanes
        blocks = placement.placed.map {
            Block(scheduled: classes[$0.index], day: $0.day, lane: $0.lane, row: $0.row, rows: $0.rows)
        }
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

/// Where things of a week go in a grid of days across and 15-minute rows down: whole hours
/// around what is there (a working day when nothing is), and things that overlap on a day side
/// by side, each in the first lane free at its start. The gym's classes and the calendar's
/// events are laid out alike.
public struct WeekPlacement: Sendable {
    /// A thing's day (0 = the week's first) and its minutes of that day.
    public struct Span: Sendable {
        public var day: Int
        public var start: Int
        public var end: Int

        public init(day: Int, start: Int, end: Int) {
            self.day = day
            self.start = start
            self.end = end
        }
    }

    /// Span `index` placed: its lane and its rows from `firstHour`.
    public struct Placed: Sendable {
        public var index: Int
        public var day: Int
        public var lane: Int
        public var row: Int
        public var rows: Int
    }

    public let firstHour: Int
    public let lastHour: Int
    /// Lanes per day (7 entries, at least 1).
    public let lanes: [Int]
    /// By day, then by start (and `before` among those starting together).
    public let placed: [Placed]

    /// Places `spans` whose `included` is true (all without it); `before` orders those that
    /// start at one minute.
    public init(_ spans: [Span], included: [Bool]? = nil, before: (Int, Int) -> Bool) {
        let slot = WeekLayout.slotMinutes
        var byDay = Array(repeating: [Int](), count: 7)
        var earliest = 24 * 60, latest = 0
        for (index, span) in spans.enumerated() where included?[index] ?? true {
            guard (0..<7).contains(span.day) else { continue }
            earliest = min(earliest, span.start)
            latest = max(latest, span.end)
            byDay[span.day].append(index)
        }
        let firstHour = earliest > latest ? 6 : earliest / 60
        self.firstHour = firstHour
        lastHour = earliest > latest ? 21 : min(24, (latest + 59) / 60)
        var lanes = Array(repeating: 1, count: 7)
        var placed: [Placed] = []
        for (day, indices) in byDay.enumerated() {
            let sorted = indices.sorted { spans[$0].start != spans[$1].start ? spans[$0].start < spans[$1].start : before($0, $1) }
            var laneEnds: [Int] = []
            for index in sorted {
                let span = spans[index]
                let lane = laneEnds.firstIndex { $0 <= span.start } ?? laneEnds.count
                if lane == laneEnds.count { laneEnds.append(span.end) } else { laneEnds[lane] = span.end }
                let firstRow = (span.start - firstHour * 60) / slot
                let lastRow = (span.end - firstHour * 60 + slot - 1) / slot
                placed.append(Placed(index: index, day: day, lane: lane, row: firstRow, rows: max(1, lastRow - firstRow)))
            }
            lanes[day] = max(1, laneEnds.count)
        }
        self.lanes = lanes
        self.placed = placed
    }
}
