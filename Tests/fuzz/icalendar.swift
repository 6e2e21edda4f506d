import Foundation

// The iCalendar timetable reader (Sources/StewardCore/Schedules/ICalendarTimetable.swift):
// a gym's feed read through libical, recurring classes expanded within the refresh's window.
//
// Properties:
// - it never crashes, whatever the feed holds (broken lines, recurrence rules, time zones);
// - each class it gives has an id, no two the same;
// - no class ends before it starts;
// - a refusal says what is wrong.

private let zone = TimeZone(identifier: "America/Denver")!
// January 2027, as the tests' fixtures.
private let window = DateInterval(start: Date(timeIntervalSince1970: 1_798_786_800), duration: 31 * 86_400)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzData(data, size)
    let classes: [SourceClass]
    do {
        // Two seconds, not the refresh's ten, so an input that reaches the deadline is not a slow unit.
        classes = try ICalendarTimetable.classes(input, zone: zone, window: window, deadline: 2)
    } catch {
        fuzzCheck(!error.reason.isEmpty, "a refusal without words")
        return 0
    }
    var ids = Set<String>()
    for read in classes {
        let id = read.sourceClassId
        fuzzCheck(!id.isEmpty, "a class without an id")
        fuzzCheck(ids.insert(id).inserted, "two classes with the id \(id)")
        fuzzCheck(read.endsAt >= read.startsAt, "class \(id) ends (\(read.endsAt)) before it starts (\(read.startsAt))")
    }
    return 0
}
