import Foundation

/// A title that names its date ("Sunday Worship, November 29", "Boletín del 29 de noviembre",
/// "Order of Service 2026-11-29"), moved to another date the way it was written: a copy dated a
/// week later must not keep last week's date in its title, one click from publishing the wrong
/// week. The date is found in the forms office staff type, in English and Spanish: the month by
/// name (full or short, any case, before or after the day, with an ordinal or "de"), the ISO
/// date, and the month/day of US numbers; a year written beside it moves too. Only the old date
/// is replaced; a title that names no date, or another one, is left as it is.
public enum DatedTitle {
    public static func moved(_ title: String, from old: LocalDate, to new: LocalDate) -> String {
        var text = title
        for form in forms(of: old) {
            text = replace(form.pattern, in: text) { match in form.rewrite(match, new) }
        }
        return text
    }

    // MARK: the forms a date is written in

    private struct Form {
        let pattern: NSRegularExpression
        let rewrite: (_ match: Match, _ new: LocalDate) -> String
    }

    private struct Match {
        let groups: [String?]
        subscript(_ index: Int) -> String? { index < groups.count ? groups[index] : nil }
    }

    private static let english = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                  "october", "november", "december"]
    private static let spanish = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
                                  "octubre", "noviembre", "diciembre"]
    private static let englishShort = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let spanishShort = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"]

    private static func forms(of old: LocalDate) -> [Form] {
        let m = old.month - 1
        // Every spelling of the old month, longest first so "Sept" is not read as "Sep" + "t".
        let names = Set([english[m], spanish[m], englishShort[m], spanishShort[m]] + (m == 8 ? ["sept", "setiembre"] : []))
            .sorted { $0.count > $1.count }
            .map(NSRegularExpression.escapedPattern(for:))
            .joined(separator: "|")
        let year = String(old.year)
        let day = String(old.day)
        let ordinal = "(st|nd|rd|th|º|°)?"
        var forms: [Form] = []
        // 2026-11-29
        forms.append(Form(pattern: regex("\\b\(old.description)\\b")) { _, new in new.description })
        // November 29, Nov. 29th, 2026
        forms.append(Form(pattern: regex("\\b(\(names))(\\.?)(\\s+)0?\(day)\(ordinal)\\b(,?\\s+\(year)\\b)?")) { match, new in
            monthName(like: match[1] ?? "", month: new.month) + (match[2] ?? "") + (match[3] ?? " ") + String(new.day)
                + suffix(like: match[4], day: new.day) + yearPart(like: match[5], old: year, new: new.year)
        })
        // 29 November 2026, 29 de noviembre de 2026, 29th Nov
        forms.append(Form(pattern: regex("\\b0?\(day)\(ordinal)(\\s+de)?\\s+(\(names))(\\.?)(,?\\s+(?:de\\s+)?\(year)\\b)?")) { match, new in
            String(new.day) + suffix(like: match[1], day: new.day) + (match[2] ?? "") + " "
                + monthName(like: match[3] ?? "", month: new.month) + (match[4] ?? "")
                + yearPart(like: match[5], old: year, new: new.year)
        })
        // 11/29 and 11/29/2026 (month first, as in the US), 29/11 and 29/11/26 (day first)
        let numericYear = "(/\(year)|/\(year.suffix(2)))?(?![\\d/])"
        func numericYearPart(_ written: String?, _ new: LocalDate) -> String {
            written.map { $0.count == 3 ? "/" + String(String(new.year).suffix(2)) : "/\(new.year)" } ?? ""
        }
        forms.append(Form(pattern: regex("(?<![\\d/])\(old.month)/\(old.day)" + numericYear)) { match, new in
            "\(new.month)/\(new.day)" + numericYearPart(match[1], new)
        })
        if old.day != old.month {
            forms.append(Form(pattern: regex("(?<![\\d/])\(old.day)/\(old.month)" + numericYear)) { match, new in
                "\(new.day)/\(new.month)" + numericYearPart(match[1], new)
            })
        }
        return forms
    }

    /// The new month spelled as the old one was: full or short, and in its case.
    private static func monthName(like written: String, month: Int) -> String {
        let lower = written.lowercased()
        let index = month - 1
        let spelled: String
        if english.contains(lower) && !englishShort.contains(lower) || lower == "may" && written.count == 3 {
            spelled = english[index]
        } else if spanish.contains(lower) || lower == "setiembre" {
            spelled = spanish[index]
        } else if spanishShort.contains(lower) && !englishShort.contains(lower) {
            spelled = spanishShort[index]
        } else {
            spelled = englishShort[index]
        }
        if written == written.uppercased() && written.count > 1 { return spelled.uppercased() }
        if written.first?.isUppercase == true { return spelled.prefix(1).uppercased() + spelled.dropFirst() }
        return spelled
    }

    /// The ordinal the old day had, for the new day ("29th" → "6th", "1st" → "8th").
    private static func suffix(like written: String?, day: Int) -> String {
        guard let written, !written.isEmpty else { return "" }
        if written == "º" || written == "°" { return written }
        let english: String
        switch (day % 10, day % 100) {
        case (_, 11...13): english = "th"
        case (1, _): english = "st"
        case (2, _): english = "nd"
        case (3, _): english = "rd"
        default: english = "th"
        }
        return written == written.uppercased() ? english.uppercased() : english
    }

    /// ", 2026" or " de 2026" with the new year.
    private static func yearPart(like written: String?, old: String, new: Int) -> String {
        guard let written else { return "" }
        return written.replacingOccurrences(of: old, with: String(new))
    }

    // MARK: matching

    private static func regex(_ pattern: String) -> NSRegularExpression {
        // The patterns are made here from digits and fixed names: a failure is a bug.
        try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    private static func replace(_ pattern: NSRegularExpression, in text: String, with rewrite: (Match) -> String) -> String {
        let whole = NSRange(text.startIndex..., in: text)
        var result = ""
        var last = text.startIndex
        for found in pattern.matches(in: text, range: whole) {
            guard let range = Range(found.range, in: text) else { continue }
            let groups = (0..<found.numberOfRanges).map { index -> String? in
                Range(found.range(at: index), in: text).map { String(text[$0]) }
            }
            result += text[last..<range.lowerBound]
            result += rewrite(Match(groups: groups))
            last = range.upperBound
        }
        return result + text[last...]
    }
}
