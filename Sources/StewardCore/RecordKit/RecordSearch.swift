import Foundation

/// The list's search for kit types: every word typed must start a word of a searchable field
/// (any case, any accents; `SearchWords`), as the events list's full-text search does. Most
/// types hold hundreds of records, not hundreds of thousands, so this runs in memory; a type
/// declared `searchIndexed()` is searched through its index instead (`RecordSearchIndex`).
enum RecordSearch {
    static func filter(_ records: [LocalRecord], type: RecordType, search: String) -> [LocalRecord] {
        let words = SearchWords.words(search)
        guard !words.isEmpty else { return records }
        return records.filter { record in
            let recordWords = SearchWords.recordWords(SearchWords.indexText(of: record.fields, type: type))
            return words.allSatisfy { word in recordWords.contains { $0.hasPrefix(word) } }
        }
    }
}

/// The list's order for kit types: the declared field, then the title.
enum RecordOrdering {
    static func sorted(_ records: [LocalRecord], type: RecordType) -> [LocalRecord] {
        records.sorted { a, b in
            let order = compare(a.fields[type.orderField], b.fields[type.orderField])
            if order != .orderedSame { return type.orderDescending ? order == .orderedDescending : order == .orderedAscending }
            return type.title(of: a.fields).localizedCaseInsensitiveCompare(type.title(of: b.fields)) == .orderedAscending
        }
    }

    /// Numbers as numbers, text by its letters, empty values after the rest.
    private static func compare(_ a: JSONValue?, _ b: JSONValue?) -> ComparisonResult {
        switch (a, b) {
        case (.int(let x)?, .int(let y)?): return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
        case (.string(let x)?, .string(let y)?): return x.localizedCaseInsensitiveCompare(y)
        case (.bool(let x)?, .bool(let y)?): return x == y ? .orderedSame : (x ? .orderedAscending : .orderedDescending)
        default:
            let aEmpty = FieldKind.isEmpty(a), bEmpty = FieldKind.isEmpty(b)
            if aEmpty == bEmpty { return .orderedSame }
            return aEmpty ? .orderedDescending : .orderedAscending
        }
    }
}
