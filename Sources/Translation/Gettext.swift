import CGettext
import Glibc

/// The message catalogue every Steward program reads its translations from
/// (`share/locale/<language>/LC_MESSAGES/steward.mo`).
public let translationDomain = "steward"

// How a visible text is marked (docs/translating.md). `make pot` finds the calls by name with
// xgettext, which reads Swift as C: a marked text must be one string literal on one line, with
// no `\(…)` interpolation and no `\u{…}` escape. The parameters are `StaticString` so the
// compiler refuses anything but a literal; values go in through `{name}` placeholders
// (see `Placeholders`).

/// The translation of `msgid`, placeholders filled: `tr("Signed in as {email}", ["email": email])`.
public func tr(_ msgid: StaticString, _ values: [String: String] = [:]) -> String {
    Placeholders.fill(Gettext.lookup(msgid), values)
}

/// The form for `count` of a text that names a number of things:
/// `trn("{count} change waiting", "{count} changes waiting", n)`. `{count}` is filled with the
/// number unless `values` gives it (a grouped "1,024").
public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int,
                _ values: [String: String] = [:]) -> String {
    var values = values
    if values["count"] == nil { values["count"] = String(count) }
    return Placeholders.fill(Gettext.lookup(singular, plural, count), values)
}

/// The translation of a short, ambiguous text in a context that tells translators which sense
/// is meant: `trc("record status", "Live")`, `trc("verb", "Open")`.
public func trc(_ context: StaticString, _ msgid: StaticString, _ values: [String: String] = [:]) -> String {
    Placeholders.fill(Gettext.lookup(msgid, context: context), values)
}

/// Calls into glibc's gettext; each answers the English text when there is no translation.
/// glibc's lookups are thread-safe, so these may run on any thread.
public enum Gettext {
    static func lookup(_ msgid: StaticString) -> String {
        withCString(msgid) { lookup($0) ?? msgid.description }
    }

    static func lookup(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
        withCString(singular) { one in
            withCString(plural) { many in
                let n = CUnsignedLong(clamping: count.magnitude)
                guard let found = dngettext(translationDomain, one, many, n) else {
                    return count.magnitude == 1 ? singular.description : plural.description
                }
                return String(cString: found)
            }
        }
    }

    /// gettext stores a text with a context under "context\u{4}text" (what xgettext writes for
    /// `msgctxt`); untranslated, the answer is that key itself, so the English text is returned.
    static func lookup(_ msgid: StaticString, context: StaticString) -> String {
        let key = context.description + "\u{4}" + msgid.description
        return key.withCString { keyPointer in
            guard let found = dgettext(translationDomain, keyPointer), found != keyPointer else {
                return msgid.description
            }
            return String(cString: found)
        }
    }

    /// The translation of a text that is not a literal at the call: one declared with
    /// `trLater` and read later. Code that shows a text marks it with `tr`, not this.
    public static func lookup(declared msgid: String) -> String {
        msgid.withCString { lookup($0) ?? msgid }
    }

    /// nil when untranslated (gettext then answers the pointer it was given).
    private static func lookup(_ msgid: UnsafePointer<CChar>) -> String? {
        guard let found = dgettext(translationDomain, msgid), found != msgid else { return nil }
        return String(cString: found)
    }

    /// A string literal is stored NUL-terminated, so its bytes go to C as they are; a
    /// one-scalar `StaticString` has no pointer and is copied.
    private static func withCString<R>(_ text: StaticString, _ body: (UnsafePointer<CChar>) -> R) -> R {
        if text.hasPointerRepresentation {
            return text.utf8Start.withMemoryRebound(to: CChar.self, capacity: text.utf8CodeUnitCount + 1, body)
        }
        return text.description.withCString(body)
    }
}
