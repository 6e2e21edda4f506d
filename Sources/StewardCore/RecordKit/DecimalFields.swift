import Foundation

extension RecordType {
    /// `fields` with the decimal fields an earlier console or store kept as text ("42.6531") as
    /// the numbers they hold, as `validate` now keeps them; every other field, and text that is
    /// no number, as it is. For what was stored before decimals were numbers: a console's own
    /// records (`Migrations` v16) and what a store serves to the apps.
    public func numbersForDecimalText(in fields: JSONValue) -> JSONValue {
        guard case .object(var values) = fields else { return fields }
        for field in self.fields {
            guard case .decimal = field.kind, case .string(let text)? = values[field.name],
                  let number = StoredNumber.parse(text) else { continue }
            values[field.name] = .number(number)
        }
        return .object(values)
    }

    /// Whether any of the type's fields is a decimal.
    var hasDecimalFields: Bool {
        fields.contains { if case .decimal = $0.kind { true } else { false } }
    }
}
