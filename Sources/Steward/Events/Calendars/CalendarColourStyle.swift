import GtkKit
import StewardCore

/// How a calendar's colour shows on the calendar views' widgets: a CSS class per colour of the
/// palette (`calendar-colour-blue`… in data/style.css) on the month's lines, the agenda's rows
/// and the week's all-day buttons, and the drawn week's block colour.
@MainActor
enum CalendarColourStyle {
    /// Puts `colour`'s class on `widget` and takes the others off: the views reuse their
    /// widgets for other events.
    static func apply(_ colour: CalendarColour?, to widget: Widget) {
        for each in CalendarColour.allCases {
            widget.setCSSClass(cssClass(each), each == colour)
        }
    }

    static func cssClass(_ colour: CalendarColour) -> String {
        "calendar-colour-" + colour.rawValue
    }

    /// The colour of a drawn week block (`ScheduleBlockPainter.programColours`); events of no
    /// calendar keep the first, blue, as before.
    static func blockColour(_ colour: CalendarColour?) -> Int {
        switch colour {
        case nil, .blue?: 0
        case .green?: 1
        case .orange?: 2
        case .purple?: 3
        case .red?: 4
        case .yellow?: 5
        case .brown?: 6
        }
    }
}
