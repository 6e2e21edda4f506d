/// Values inside translated texts. Swift's `\(…)` interpolation cannot be extracted into the
/// template (xgettext sees code, not text) and would fix the word order, so marked texts name
/// their values instead: "Could not delete the {noun}: {error}". A translation may move them
/// anywhere. Braces around a name that `values` does not hold are left as they are, so texts
/// that show braces of their own ("[{"heading": …}]") need nothing special.
public enum Placeholders {
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, template.contains("{") else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(where: { $0 == "}" || $0 == "{" }),
                  rest[close] == "}", let value = values[String(rest[afterOpen..<close])] else {
                result.append("{")
                rest = rest[afterOpen...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
