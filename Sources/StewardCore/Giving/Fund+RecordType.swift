import Foundation

extension RecordType {
    /// A giving link members follow from the app ("General Fund", "Building Fund").
    public static let fund = RecordType(
        entity: "fund", commandName: "funds", module: .giving, noun: "giving fund", pluralNoun: "giving funds",
        fields: [
            FieldSpec("name", "Name", .text(maxLength: 100), [.required, .listed, .searchable],
                      help: "The fund's name as members see it, like \"Building Fund\"."),
            FieldSpec("description", "Description", .longText(maxLength: 2000), [.searchable],
                      help: "What gifts to it pay for."),
            FieldSpec("url", "Giving link", .webURL(httpsOnly: true), [.required, .listed],
                      help: "Where members give: the secure (https://) page of your giving provider."),
            FieldSpec("position", "Position", .integer(0...1000), [.listed],
                      help: "Where it stands in the app's list, 0 first.", default: .int(0)),
            FieldSpec("active", "Active", .boolean, [.listed],
                      help: "Whether the app shows it (yes or no).", default: .bool(true)),
        ],
        titleField: "name", orderField: "position")
        .members { fields, _ in fields["active"]?.boolValue == true }
}
