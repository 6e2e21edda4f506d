import Foundation
import Translation

extension RecordType {
    /// A giving link members follow from the app ("General Fund", "Building Fund").
    public static let fund = RecordType(
        entity: "fund", commandName: "funds", module: .giving,
        nouns: RecordNouns(trLater("giving fund"), trLater("giving funds"), title: trLater("Giving Fund"),
                           pluralTitle: trLater("Giving Funds"),
                           counted: { trn("{count} giving fund", "{count} giving funds", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 100), [.required, .listed, .searchable],
                      help: trLater("The fund's name as members see it, like \"Building Fund\".")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 2000), [.searchable],
                      help: trLater("What gifts to it pay for.")),
            FieldSpec("url", trLater("Giving link"), .webURL(httpsOnly: true), [.required, .listed],
                      help: trLater("Where members give: the secure (https://) page of your giving provider.")),
            FieldSpec("position", trLater("Position"), .integer(0...1000), [.listed],
                      help: trLater("Where it stands in the app's list, 0 first."), default: .int(0)),
            FieldSpec("active", trLater("Active"), .boolean, [.listed],
                      help: trLater("Whether the app shows it (yes or no)."), default: .bool(true)),
        ],
        titleField: "name", orderField: "position")
        .members { fields, _ in fields["active"]?.boolValue == true }
}
