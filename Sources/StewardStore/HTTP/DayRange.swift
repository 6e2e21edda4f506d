import Foundation
import StewardCore

/// `?from=YYYY-MM-DD&to=YYYY-MM-DD`, the apps' range reads (classes, event occurrences): days in
/// the organization's zone, `to` counted whole, at most `longestSpanDays` of them. A missing,
/// malformed or backwards range is a 400 naming the parameter.
struct DayRange {
    let from: LocalDate
    let to: LocalDate

    /// `from` and `to` as the query gives them.
    init(from fromText: String?, to toText: String?, longestSpanDays: Int) throws {
        from = try Self.day(fromText, name: "from")
        to = try Self.day(toText, name: "to")
        guard from <= to else { throw StoreHTTPError.badRequest("to: must not be before from (\(from))") }
        guard to < from.adding(days: longestSpanDays) else {
            throw StoreHTTPError.badRequest("to: at most \(longestSpanDays) days after from; ask for longer stretches in parts")
        }
    }

    /// From the first moment of `from` to the first of the day after `to`, in `zone`.
    func interval(in zone: TimeZone) -> (start: Date, end: Date) {
        (from.startOfDay(in: zone), to.adding(days: 1).startOfDay(in: zone))
    }

    static func day(_ text: String?, name: String) throws -> LocalDate {
        guard let text, !text.isEmpty else { throw StoreHTTPError.badRequest("\(name): required, a day like 2026-12-07") }
        guard let day = LocalDate(iso: text) else {
            throw StoreHTTPError.badRequest("\(name): must be a day like 2026-12-07 (got \"\(text.prefix(40))\")")
        }
        return day
    }
}
