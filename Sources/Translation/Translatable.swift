/// A text fixed in a declaration (a field's label, a record type's noun) and translated each
/// time it is read, so declarations made before the locale is known still show translated,
/// and the English text stays at hand for what must not change with the language (the
/// command line's `--help`, which is English throughout).
public struct Translatable: Sendable, Hashable, CustomStringConvertible {
    /// The English text, as written in the declaration: the catalogue's msgid.
    public let english: String

    fileprivate init(english: String) {
        self.english = english
    }

    /// The text in the person's language (the English text when there is no translation).
    public var text: String { Gettext.lookup(declared: english) }

    public var description: String { text }
}

/// Marks a text in a declaration for translation; it is translated when read (`.text`).
/// `make pot` extracts it like `tr`.
public func trLater(_ msgid: StaticString) -> Translatable {
    Translatable(english: msgid.description)
}
