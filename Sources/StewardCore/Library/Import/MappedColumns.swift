import Foundation

/// Any CSV: a column is read into the book field it is named after (`isbn`, `to-read`,
/// "Title", "Added on": the field's name, option name or label, any case), and the mapping
/// given with the file names the others.
enum MappedColumns {
    /// The book field a column's header names, if any.
    static func field(named header: String) -> FieldSpec? {
        let wanted = fold(header)
        return BookFields.all.first { field in
            [field.name, field.optionName, field.label].contains { fold($0) == wanted }
        }
    }

    /// Rows of a plain CSV already carry field names as keys (see `BookImportFile`); what is
    /// left is the cleaning of ISBNs, dates and ratings spreadsheets need.
    static func fields(of row: [String: String]) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in row {
            let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
            switch BookFields.all.first(where: { $0.name == name })?.kind {
            case .isbn?: fields[name] = BookImportValues.unquoted(text)
            case .date?: fields[name] = BookImportValues.day(text)
            case .integer?: fields[name] = name == "rating" ? BookImportValues.rating(text) : BookImportValues.unquoted(text)
            default: fields[name] = text
            }
        }
        return fields.filter { !$0.value.isEmpty }
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .filter { $0.isLetter || $0.isNumber }
    }
}
