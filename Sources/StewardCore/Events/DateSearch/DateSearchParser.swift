import Foundation

/// Reads the dates staff type in a search box, in English or Spanish whatever the window's
/// language: "29 Nov", "nov 29", "29/11", "december", "dec 2026", "today", "tomorrow",
/// "next sunday", "this week", "hoy", "mañana", "el domingo", "29 de noviembre", "diciembre".
///
/// Everything is relative to `today` in the organization's calendar. Choices, so a search reads
/// the same every time:
/// - A date or month without a year is the one nearest to today: "january" typed in December
///   is next January, "october" typed in November last October, "1 nov" on 28 November this
///   1 November. Halfway (six months either side) goes forward.
/// - Numbers alone ("29/11") follow the display language's date order (`dayFirst`): 29/11 and
///   11/29 both read as 29 November when only one order makes a date; 3/4 is 3 April day-first
///   and 4 March otherwise. Nothing of this is stored.
/// - A weekday needs a word before it ("next sunday", "this friday", "on sunday", "el domingo",
///   "el próximo domingo"): alone it is part of titles people search for ("Sunday School").
///   "sunday" means today or the coming one; "next sunday" the first one after today; "last
///   sunday" the latest one before today. Month abbreviations ("dec") need a day or a year.
/// - Weeks start on `firstWeekday` (0 = Sunday), the locale's.
///
/// The first date phrase found is the date; the other words are left as text.
public enum DateSearchParser {
    public static func parse(_ text: String, now: Date, zone: TimeZone, dayFirst: Bool = true, firstWeekday: Int = 0) -> DateSearch? {
        parse(text, today: LocalDate(now, in: zone), dayFirst: dayFirst, firstWeekday: firstWeekday)
    }

    public static func parse(_ text: String, today: LocalDate, dayFirst: Bool = true, firstWeekday: Int = 0) -> DateSearch? {
        // Cheap refusal for the common keystroke: no digit and no word we know.
        let original = text.split(whereSeparator: { $0.isWhitespace || $0 == "," })
        guard !original.isEmpty, original.count <= 12 else { return nil }
        let words = original.map(fold)
        let reader = Reader(words: words, today: today, dayFirst: dayFirst, firstWeekday: firstWeekday)
        for start in words.indices {
            if let (span, end) = reader.read(at: start) {
                let rest = original[..<start] + original[end...]
                return DateSearch(span: span, text: rest.joined(separator: " "))
            }
        }
        return nil
    }

    /// Lower case, no accents, no trailing full stop ("Mañana" → "manana", "Dic." → "dic").
    static func fold(_ word: Substring) -> String {
        var folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        while folded.count > 1, folded.hasSuffix(".") { folded.removeLast() }
        return folded
    }

    static let monthNames: [String: Int] = {
        var names: [String: Int] = [:]
        let english = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                       "october", "november", "december"]
        let spanish = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
                       "octubre", "noviembre", "diciembre"]
        for (index, name) in english.enumerated() { names[name] = index + 1 }
        for (index, name) in spanish.enumerated() { names[name] = index + 1 }
        names["setiembre"] = 9
        return names
    }()

    /// Abbreviations: a date only with a day or a year beside them.
    static let monthAbbreviations: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
        "oct": 10, "nov": 11, "dec": 12, "ene": 1, "abr": 4, "ago": 8, "dic": 12, "set": 9,
    ]

    static let weekdays: [String: Int] = [
        "sunday": 0, "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6,
        "domingo": 0, "lunes": 1, "martes": 2, "miercoles": 3, "jueves": 4, "viernes": 5, "sabado": 6,
    ]
}

/// One pass over the folded words: each `read` tries every form at one position.
private struct Reader {
    let words: [String]
    let today: LocalDate
    let dayFirst: Bool
    let firstWeekday: Int

    func word(_ index: Int) -> String? { words.indices.contains(index) ? words[index] : nil }

    /// The longest phrase starting at `start`, and the index after it.
    func read(at start: Int) -> (SearchDateSpan, Int)? {
        let forms: [(Int) -> (SearchDateSpan, Int)?] = [relativeDay, relativeWeek, relativeMonth, weekday,
                                                          dayMonth, monthDay, monthAlone, numeric]
        var best: (SearchDateSpan, Int)?
        for form in forms {
            guard let found = form(start) else { continue }
            if best == nil || found.1 > best!.1 { best = found }
        }
        // "in december", "on 29 nov", "en diciembre": the little word goes with the date.
        if best == nil, let little = word(start), ["in", "on", "en", "for", "para"].contains(little) {
            if let after = read(at: start + 1) { return after }
        }
        return best
    }

    /// Matches `phrase` at `start` (an entry of alternatives separated by "|"); the index after it.
    func match(_ phrase: [String], at start: Int) -> Int? {
        var index = start
        for part in phrase {
            let optional = part.hasPrefix("?")
            let choices = (optional ? String(part.dropFirst()) : part).split(separator: "|").map(String.init)
            if let w = word(index), choices.contains(w) {
                index += 1
            } else if !optional {
                return nil
            }
        }
        return index
    }

    func longest(_ phrases: [[String]], at start: Int) -> Int? {
        phrases.compactMap { match($0, at: start) }.max()
    }

    func relativeDay(_ start: Int) -> (SearchDateSpan, Int)? {
        let days: [(Int, [[String]])] = [
            (0, [["today"], ["hoy"]]),
            (1, [["tomorrow"], ["manana"]]),
            (-1, [["yesterday"], ["ayer"]]),
            (2, [["pasado", "manana"]]),
        ]
        var best: (SearchDateSpan, Int)?
        for (offset, phrases) in days {
            if let end = longest(phrases, at: start), end > (best?.1 ?? start) {
                best = (.day(today.adding(days: offset)), end)
            }
        }
        return best
    }

    func relativeWeek(_ start: Int) -> (SearchDateSpan, Int)? {
        let weeks: [(Int, [[String]])] = [
            (0, [["this", "week"], ["?la", "semana", "actual"], ["esta", "semana"]]),
            (1, [["next", "week"], ["?la", "proxima|siguiente", "semana"], ["?la", "semana", "proxima|siguiente"],
                 ["?la", "semana", "que", "viene"]]),
            (-1, [["last", "week"], ["?la", "semana", "pasada"]]),
        ]
        for (offset, phrases) in weeks {
            guard let end = longest(phrases, at: start) else { continue }
            let first = CalendarPeriod.weekStart(of: today, firstWeekday: firstWeekday).adding(days: 7 * offset)
            return (SearchDateSpan(kind: .week, first: first, last: first.adding(days: 6)), end)
        }
        return nil
    }

    func relativeMonth(_ start: Int) -> (SearchDateSpan, Int)? {
        let months: [(Int, [[String]])] = [
            (0, [["this", "month"], ["este", "mes"]]),
            (1, [["next", "month"], ["?el", "proximo|siguiente", "mes"], ["?el", "mes", "que", "viene"]]),
            (-1, [["last", "month"], ["?el", "mes", "pasado"]]),
        ]
        for (offset, phrases) in months {
            guard let end = longest(phrases, at: start) else { continue }
            let index = today.year * 12 + today.month - 1 + offset
            return (.month(year: index / 12, month: index % 12 + 1), end)
        }
        return nil
    }

    /// "next sunday", "this friday", "on sunday", "last sunday", "el domingo", "el próximo
    /// domingo", "el domingo que viene", "el domingo pasado".
    func weekday(_ start: Int) -> (SearchDateSpan, Int)? {
        enum Which { case comingOrToday, after, before }
        let lead: [([String], Which)] = [
            (["next"], .after), (["this"], .comingOrToday), (["on"], .comingOrToday), (["last"], .before),
            (["el", "proximo"], .after), (["proximo"], .after), (["este"], .comingOrToday), (["el"], .comingOrToday),
        ]
        var best: (SearchDateSpan, Int)?
        for (words, which) in lead {
            guard let afterLead = match(words, at: start), let name = word(afterLead),
                  let weekday = DateSearchParser.weekdays[name] else { continue }
            var end = afterLead + 1
            var which = which
            if words == ["el"] || words == ["este"] {
                // "el domingo que viene", "el domingo próximo", "el domingo pasado".
                if let later = match(["que", "viene"], at: end) ?? match(["proximo"], at: end) {
                    end = later
                    which = .after
                } else if let later = match(["pasado"], at: end) {
                    end = later
                    which = .before
                }
            }
            let todays = CalendarPeriod.weekday(of: today)
            let ahead = (weekday - todays + 7) % 7
            let date: LocalDate
            switch which {
            case .comingOrToday: date = today.adding(days: ahead)
            case .after: date = today.adding(days: ahead == 0 ? 7 : ahead)
            case .before: date = today.adding(days: ahead == 0 ? -7 : ahead - 7)
            }
            if end > (best?.1 ?? start) { best = (.day(date), end) }
        }
        return best
    }

    func month(_ index: Int, abbreviated: Bool) -> Int? {
        guard let w = word(index) else { return nil }
        return DateSearchParser.monthNames[w] ?? (abbreviated ? DateSearchParser.monthAbbreviations[w] : nil)
    }

    /// 1 to 31, with "st", "nd", "rd", "th" or "º" allowed after it ("29th").
    func dayNumber(_ index: Int) -> Int? {
        guard var w = word(index) else { return nil }
        for suffix in ["st", "nd", "rd", "th", "º"] where w.hasSuffix(suffix) && w.count > suffix.count {
            w.removeLast(suffix.count)
            break
        }
        guard w.count <= 2, w.allSatisfy(\.isASCII), let day = Int(w), (1...31).contains(day) else { return nil }
        return day
    }

    func year(_ index: Int) -> Int? {
        guard let w = word(index), w.count == 4, let year = Int(w), (1900...2200).contains(year) else { return nil }
        return year
    }

    /// A year after `index`, "de 2026" in Spanish: the year and the index after it.
    func yearAfter(_ index: Int) -> (Int, Int)? {
        if let y = year(index) { return (y, index + 1) }
        if word(index) == "de" || word(index) == "del", let y = year(index + 1) { return (y, index + 2) }
        return nil
    }

    /// "29 nov", "29 de noviembre", "29 november 2026", "29 de noviembre de 2026".
    func dayMonth(_ start: Int) -> (SearchDateSpan, Int)? {
        guard let day = dayNumber(start) else { return nil }
        var index = start + 1
        if word(index) == "de" || word(index) == "of" { index += 1 }
        guard let month = month(index, abbreviated: true) else { return nil }
        return dated(day: day, month: month, yearAt: index + 1)
    }

    /// "nov 29", "november 29th, 2026".
    func monthDay(_ start: Int) -> (SearchDateSpan, Int)? {
        guard let month = month(start, abbreviated: true), let day = dayNumber(start + 1) else { return nil }
        return dated(day: day, month: month, yearAt: start + 2)
    }

    func dated(day: Int, month: Int, yearAt index: Int) -> (SearchDateSpan, Int)? {
        if let (year, end) = yearAfter(index) {
            guard day <= LocalDate.daysIn(month: month, year: year) else { return nil }
            return (.day(LocalDate(year: year, month: month, day: day)), end)
        }
        guard let date = nearestDate(day: day, month: month) else { return nil }
        return (.day(date), index)
    }

    /// "december", "diciembre", "dec 2026", "diciembre de 2026".
    func monthAlone(_ start: Int) -> (SearchDateSpan, Int)? {
        if let month = month(start, abbreviated: true), let (year, end) = yearAfter(start + 1) {
            return (.month(year: year, month: month), end)
        }
        guard let month = month(start, abbreviated: false) else { return nil }
        // The nearest: a month more than six back is next year's.
        let current = today.year * 12 + today.month - 1
        let candidates = [today.year - 1, today.year, today.year + 1].map { $0 * 12 + month - 1 }
        let nearest = candidates.min { a, b in
            let (da, db) = (abs(a - current), abs(b - current))
            return da != db ? da < db : a > b
        }!
        return (.month(year: nearest / 12, month: month), start + 1)
    }

    /// "29/11", "29/11/2026", "29-11-26", "29.11", and ISO "2026-11-29".
    func numeric(_ start: Int) -> (SearchDateSpan, Int)? {
        guard let w = word(start), w.contains(where: { "/-.".contains($0) }) else { return nil }
        let parts = w.split(omittingEmptySubsequences: false, whereSeparator: { "/-.".contains($0) })
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }) else {
            return nil
        }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        if parts.count == 3, parts[0].count == 4 {
            guard let date = LocalDate(iso: String(format: "%04d-%02d-%02d", numbers[0], numbers[1], numbers[2])) else { return nil }
            return (.day(date), start + 1)
        }
        var year: Int?
        if parts.count == 3 {
            switch parts[2].count {
            case 4: year = numbers[2]
            case 2: year = 2000 + numbers[2]
            default: return nil
            }
        }
        // The locale's order first; the other when only it makes a date (29/11 and 11/29).
        let orders = dayFirst ? [(numbers[0], numbers[1]), (numbers[1], numbers[0])]
                              : [(numbers[1], numbers[0]), (numbers[0], numbers[1])]
        for (day, month) in orders where (1...12).contains(month) && day >= 1 {
            if let year {
                guard day <= LocalDate.daysIn(month: month, year: year) else { continue }
                return (.day(LocalDate(year: year, month: month, day: day)), start + 1)
            }
            if let date = nearestDate(day: day, month: month) { return (.day(date), start + 1) }
        }
        return nil
    }

    /// The date with that day and month nearest to today (ties go forward); 29 February in the
    /// nearest leap year.
    func nearestDate(day: Int, month: Int) -> LocalDate? {
        let todayCount = CivilTime.days(year: today.year, month: today.month, day: today.day)
        return (today.year - 4...today.year + 4)
            .filter { day <= LocalDate.daysIn(month: month, year: $0) }
            .map { LocalDate(year: $0, month: month, day: day) }
            .min { a, b in
                let da = abs(CivilTime.days(year: a.year, month: a.month, day: a.day) - todayCount)
                let db = abs(CivilTime.days(year: b.year, month: b.month, day: b.day) - todayCount)
                return da != db ? da < db : a > b
            }
    }
}
