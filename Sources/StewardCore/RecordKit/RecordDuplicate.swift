import Translation

extension RecordType {
    /// Whether staff may start a new record from a copy of one (Duplicate, Ctrl+D): not for a
    /// type kept once per organization, made by the store, kept as a ledger or written from a
    /// mirror, since none of those is ever made by hand from another.
    public var allowsDuplicates: Bool {
        !isSingleton && !isMadeByStore && !isAppendOnly && !isMirrored
    }

    /// The fields a duplicate of a record starts from: the same values, its title ending in
    /// " (copy)" as a duplicated event's does, shortened first if the title's length limit
    /// would otherwise be passed; a field marked `notDuplicated` starts over from its default.
    /// Nothing is stored: the copy is made when it is saved.
    public func duplicateFields(of fields: JSONValue) -> JSONValue {
        guard case .object(var values) = fields, let title = values[titleField]?.stringValue else { return fields }
        for field in self.fields where field.traits.contains(.notDuplicated) {
            values[field.name] = field.defaultValue
        }
        // TRANSLATORS: added to the title of a duplicated event or record.
        let suffix = tr(" (copy)")
        var limit = Int.max
        if case .text(let maxLength)? = field(titleField)?.kind { limit = maxLength }
        values[titleField] = .string(String(title.prefix(max(0, limit - suffix.count))) + suffix)
        return .object(values)
    }
}
