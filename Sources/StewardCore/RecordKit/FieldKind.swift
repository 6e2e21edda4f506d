import Foundation
import StewardMedia
import Translation

/// What a field holds, and so how people type it, how it is checked, how it travels as JSON and
/// how it reads on screen. Every record type's fields are one of these.
public indirect enum FieldKind: Sendable {
    /// One line of text (names, titles); "" when empty.
    case text(maxLength: Int)
    /// Paragraphs (descriptions, bodies); "" when empty.
    case longText(maxLength: Int)
    /// A whole number in a range; null when empty and there is no default.
    case integer(ClosedRange<Int64>)
    /// A number with a fraction in a range (degrees of latitude): sent and kept as a JSON
    /// number, typed and read back with a decimal point whatever the locale (a decimal comma is
    /// read too), shown with the locale's separator. Text holding a number, as earlier consoles
    /// and stores kept these, still reads. `problem` is what a value out of range or no number
    /// at all is refused with ("must be a number of degrees from -90 to 90, like 42.6526").
    case decimal(ClosedRange<Double>, problem: Translatable)
    case boolean
    /// A calendar day, `YYYY-MM-DD`.
    case date
    /// An instant: typed in the organization's zone (or with an offset), sent as UTC text.
    case dateTime
    /// Seconds, typed as `1:02:03`, `45:12` or a number of seconds.
    case duration
    /// An http(s) address; `httpsOnly` refuses plain http (giving links, feeds).
    case webURL(httpsOnly: Bool)
    case email
    /// A phone number: digits with the usual separators, 7 to 15 digits.
    case phone
    /// A short list of words (an event's audience): typed comma-separated, sent as a JSON array
    /// of strings; kept trimmed, lower-cased and without repeats.
    case words(maxItems: Int, maxLength: Int)
    /// A book's ISBN-10 or ISBN-13, check digit verified, kept as its ISBN-13 (`ISBN`).
    case isbn
    /// One of a fixed set of words.
    case choice([String])
    /// The id of another record of the organization, of type `entity`.
    case reference(entity: String)
    /// An ordered list of small records (a bulletin's sections), each with these fields.
    case list(of: [FieldSpec], maxItems: Int)
    /// When something happens: timed, all-day or ongoing, with its start, end and zone. Kept
    /// flat as six keys of the record, not under the field's name (see `TimingField`).
    case timing(TimingLimits)
    /// How a series repeats: an RFC 5545 rule (the RRULE value), read by libical and kept in
    /// its form (`RepeatRule`); "" when the record does not repeat.
    case repeatRule
    /// Occurrences of a series named by their original start, local to its zone
    /// (`2026-12-02T19:00`) or a date (`2026-12-02`): a JSON array of strings, kept in order
    /// and without repeats. Typed one a line, or separated by commas.
    case occurrences(maxItems: Int)
    /// A file of the organization's media library of one of `kinds` (its id, checked against the
    /// library when the record is written), or, as before the library, an https address.
    /// `httpsOnly: false` keeps plain http addresses valid too, for the few fields that took
    /// them before they became media fields (an event's image, a book's cover), so what they
    /// hold still reads; every new media field is https-only.
    case media(kinds: Set<MediaKind>, httpsOnly: Bool = true)
}

extension FieldKind {
    /// Whether a value counts as "nothing typed".
    public static func isEmpty(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: true
        case .string(let text)?: FieldParsers.trimmed(text).isEmpty
        case .array(let items)?: items.isEmpty
        default: false
        }
    }

    /// What to type on the command line, for help texts.
    public var valueName: String {
        switch self {
        case .text, .longText: "text"
        case .integer: "n"
        case .decimal: "number"
        case .boolean: "yes|no"
        case .date: "YYYY-MM-DD"
        case .dateTime: "date-time"
        case .duration: "h:mm:ss"
        case .webURL: "url"
        case .email: "email"
        case .phone: "phone"
        case .words: "word,word"
        case .isbn: "isbn"
        case .choice(let words): words.joined(separator: "|")
        case .reference: "id"
        case .list: "json"
        case .timing: "timing"
        case .repeatRule: "rule"
        case .occurrences: "start,start"
        case .media: "media-id|url"
        }
    }
}
