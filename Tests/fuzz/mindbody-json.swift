import Foundation

// MindBody v6 JSON (Sources/StewardCore/Schedules/MindBodyJSON.swift and
// MindBodyAppointmentJSON.swift): a gym's class list and staff appointments, as the booking
// service (or a saved answer) gives them, with its date-times (SourceDateTime.swift).
//
// Properties:
// - it never crashes, whatever the answer holds (ids of any type and size, any date text);
// - an answer it reads gives one class per entry of "Classes", each with its entry's Id, none
//   ending before it starts (appointments neither); a refusal says what is wrong;
// - each date-time is read as written: the date and time in the gym's zone, or with its "Z" or
//   offset taken as given; text that is not such a date-time, or names an offset no place has
//   (beyond ±18:00, or 60 minutes or more), is refused rather than read another way.

private let zone = TimeZone(identifier: "America/Denver")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzData(data, size)
    let root = try? JSONValue.parse(input)
    do {
        let page = try MindBodyJSON.page(input, zone: zone)
        let items = root?["Classes"]?.arrayValue ?? []
        fuzzCheck(page.classes.count == items.count, "\(items.count) entries read as \(page.classes.count) classes")
        for (item, read) in zip(items, page.classes) {
            fuzzCheck(MindBodyId.text(item["Id"]) == read.sourceClassId, "class \(read.sourceClassId) read with another Id")
            fuzzCheck(read.endsAt >= read.startsAt, "class \(read.sourceClassId) ends before it starts")
        }
    } catch {
        fuzzCheck(!error.reason.isEmpty, "a refusal without words")
    }
    for item in root?["Appointments"]?.arrayValue ?? [] {
        if let read = try? MindBodyAppointmentJSON.appointment(item, index: 0, zone: zone) {
            fuzzCheck(read.endsAt >= read.startsAt, "appointment \(read.sourceAppointmentId) ends before it starts")
        }
    }
    _ = MindBodyAppointmentJSON.staffNames(root?["StaffMembers"]?.arrayValue ?? [])
    _ = MindBodyAppointmentJSON.sessionTypeNames(root?["SessionTypes"]?.arrayValue ?? [])
    for item in (root?["Classes"]?.arrayValue ?? []) + (root?["Appointments"]?.arrayValue ?? []) {
        for key in ["StartDateTime", "EndDateTime"] {
            if let text = item[key]?.stringValue { checkDateTime(text) }
        }
    }
    return 0
}

/// SourceDateTime.parse against a reading of the same text written out plainly here.
private func checkDateTime(_ text: String) {
    let read = SourceDateTime.parse(text, zone: zone)
    let expected = expectedDate(text)
    fuzzCheck(read == expected, "\"\(text)\" read as \(read.map { "\($0)" } ?? "nothing"), expected \(expected.map { "\($0)" } ?? "nothing")")
    if let read {
        let local = SourceDateTime.format(read, zone: zone)
        fuzzCheck(SourceDateTime.parse(local, zone: zone) == read, "\"\(text)\" written as \(local) reads back differently")
    }
}

private let dateTimePattern = try! NSRegularExpression(pattern:
    #"^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?(?:\.[0-9]*)?(Z|([+-])([0-9]{2}):?([0-9]{2}))?)?$"#)

/// `YYYY-MM-DD`, then optionally `[T ]hh:mm[:ss][.fraction]` and `Z` or `±hh[:]mm`.
private func expectedDate(_ text: String) -> Date? {
    let range = NSRange(text.startIndex..., in: text)
    guard let match = dateTimePattern.firstMatch(in: text, range: range) else { return nil }
    func group(_ index: Int) -> String? {
        Range(match.range(at: index), in: text).map { String(text[$0]) }
    }
    func number(_ index: Int) -> Int { group(index).flatMap { Int($0) } ?? 0 }
    var zoneOfText = zone
    if group(7) == "Z" {
        zoneOfText = TimeZone(secondsFromGMT: 0)!
    } else if let sign = group(8) {
        let hours = number(9), minutes = number(10)
        guard minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
        zoneOfText = TimeZone(secondsFromGMT: (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1))!
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zoneOfText
    let components = DateComponents(year: number(1), month: number(2), day: number(3),
                                    hour: number(4), minute: number(5), second: number(6))
    guard components.isValidDate(in: calendar) else { return nil }
    return calendar.date(from: components)
}
