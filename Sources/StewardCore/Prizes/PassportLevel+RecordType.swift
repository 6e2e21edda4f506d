import Foundation
import Translation

extension RecordType {
    /// One level of an organization's passport: its name and the stamps that reach it. An
    /// organization with no levels of its own has the original app's bronze 7, silver 10 and
    /// gold 15 (`PassportLevels.standard`); once it keeps any, its own are the whole list.
    /// Totals, the leaderboard and prizes read them through `PassportLevels.of`.
    public static let passportLevel = RecordType(
        entity: "passportLevel", commandName: "passport-levels", module: .prizes,
        nouns: RecordNouns(trLater("passport level"), trLater("passport levels"), title: trLater("Passport Level"),
                           pluralTitle: trLater("Passport Levels"),
                           counted: { trn("{count} passport level", "{count} passport levels", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 60), [.required, .listed, .searchable],
                      help: trLater("What members see, like \"Silver\".")),
            FieldSpec("stamps", trLater("Stamps"), .integer(1...10_000), [.required, .listed],
                      help: trLater("How many stamps reach this level, like 10.")),
        ],
        titleField: "name", orderField: "stamps")
}
