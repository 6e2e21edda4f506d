import CGtk

/// A calendar day, independent of time zones (what a due date is).
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int  // 1...12
    public var day: Int    // 1...31

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses "YYYY-MM-DD"; nil for anything else or an impossible date.
    public init?(iso8601 text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              g_date_valid_dmy(GDateDay(d), GDateMonth(rawValue: UInt32(m)), GDateYear(y)) != 0
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// "YYYY-MM-DD".
    public var iso8601: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public var description: String { iso8601 }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Today in the local time zone.
    public static func today() -> CalendarDate {
        let now = g_date_time_new_now_local()!
        defer { g_date_time_unref(now) }
        return CalendarDate(year: Int(g_date_time_get_year(now)), month: Int(g_date_time_get_month(now)),
                            day: Int(g_date_time_get_day_of_month(now)))
    }
}

/// GtkCalendar for picking a date (usually inside a `Popover` on a `MenuButton`).
@MainActor
public final class Calendar: Widget {
    override public class var gType: GType { gtk_calendar_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_calendar_new()))
    }

    /// The selected day.
    public var date: CalendarDate {
        get { Calendar.date(of: opaque) }
        set {
            // Noon local time so no time zone shift can move the day.
            guard let dt = g_date_time_new_local(gint(newValue.year), gint(newValue.month), gint(newValue.day), 12, 0, 0)
            else { return }
            defer { g_date_time_unref(dt) }
            gtk_calendar_select_day(opaque, dt)
        }
    }

    /// "day-selected": the user (or code) picked a day.
    @discardableResult
    public func onDaySelected(_ handler: @escaping @MainActor (CalendarDate) -> Void) -> SignalHandlerID {
        Signal.connect(raw, "day-selected") { sender in handler(Calendar.date(of: OpaquePointer(sender))) }
    }

    private static func date(of calendar: OpaquePointer) -> CalendarDate {
        let dt = gtk_calendar_get_date(calendar)!
        defer { g_date_time_unref(dt) }
        return CalendarDate(year: Int(g_date_time_get_year(dt)), month: Int(g_date_time_get_month(dt)),
                            day: Int(g_date_time_get_day_of_month(dt)))
    }
}
