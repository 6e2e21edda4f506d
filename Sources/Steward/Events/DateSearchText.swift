import Foundation
import StewardCore
import Translation

/// What a date in the events search was read as, in the person's language, so staff see which
/// days the list shows: "Showing December 2026", "Showing Sunday 29 November 2026".
@MainActor
enum DateSearchText {
    /// The search read with the person's locale (date order, first weekday) in `zone`.
    static func read(_ text: String, zone: TimeZone, now: Date = Date()) -> DateSearch? {
        let locale = LocaleFormats.current
        return DateSearchParser.parse(text, now: now, zone: zone, dayFirst: locale.dayBeforeMonth,
                                      firstWeekday: locale.firstWeekday)
    }

    static func showing(_ span: SearchDateSpan) -> String {
        let locale = LocaleFormats.current
        switch span.kind {
        case .day:
            return tr("Showing {date}", ["date": CalendarText.longDay(span.first)])
        case .week:
            return tr("Showing {first} – {last}", [
                "first": DatePatternText.format(span.first.startOfDay(in: .gmt), "d MMM", zone: .gmt),
                "last": DatePatternText.format(span.last.startOfDay(in: .gmt), "d MMM yyyy", zone: .gmt),
            ])
        case .month:
            return tr("Showing {month} {year}", ["month": locale.monthNames[span.first.month - 1], "year": String(span.first.year)])
        }
    }
}
