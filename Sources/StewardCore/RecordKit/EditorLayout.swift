import Translation

/// How a type's editor groups its fields: headed sections in order ("Basics", "When", …), and
/// list fields typed as lines of text rather than item by item. A type that declares nothing
/// gets one group of every field, each list edited item by item.
public struct EditorLayout: Sendable {
    public struct Section: Sendable {
        public let declaredTitle: Translatable
        /// The fields the section shows, by name, in order.
        public let fields: [String]

        public init(_ title: Translatable, _ fields: [String]) {
            self.declaredTitle = title
            self.fields = fields
        }

        public var title: String { declaredTitle.text }
    }

    public internal(set) var sections: [Section] = []
    /// By field name: the lists typed a line an item.
    public internal(set) var linesByField: [String: ListAsLines] = [:]
    /// By field name: the field that gives it a meaning (a series' exceptions mean something
    /// once the event repeats). The editor builds such a field only once that one has a value,
    /// so the form of a record without it stays short and opens sooner.
    public internal(set) var shownOnceFilled: [String: String] = [:]

    public init() {}
}

extension RecordType {
    /// The editor shows its fields in these headed sections (fields named in none follow in a
    /// last, untitled one, so a field added later is never left out).
    func editedInSections(_ sections: [EditorLayout.Section]) -> RecordType {
        var copy = self
        copy.editorLayout.sections = sections
        return copy
    }

    /// The list field `name` is typed as lines (see `ListAsLines`), in the editor and by its
    /// repeatable command-line option.
    func typingAsLines(_ name: String, _ lines: ListAsLines) -> RecordType {
        var copy = self
        copy.editorLayout.linesByField[name] = lines
        return copy
    }

    /// `fields` mean something only once the field `filled` has a value (see `shownOnceFilled`).
    func shownOnceFilled(_ filled: String, _ fields: [String]) -> RecordType {
        var copy = self
        for name in fields { copy.editorLayout.shownOnceFilled[name] = filled }
        return copy
    }

    /// The editor's sections, every field in one of them: the declared ones, then an untitled
    /// section of the fields they leave out.
    public var editorSections: [(title: String?, fields: [FieldSpec])] {
        let layout = editorLayout.sections
        guard !layout.isEmpty else { return [(nil, fields)] }
        var sections: [(title: String?, fields: [FieldSpec])] = layout.map { ($0.title, $0.fields.compactMap(field)) }
        let placed = Set(layout.flatMap(\.fields))
        let rest = fields.filter { !placed.contains($0.name) }
        if !rest.isEmpty { sections.append((nil, rest)) }
        return sections
    }
}
