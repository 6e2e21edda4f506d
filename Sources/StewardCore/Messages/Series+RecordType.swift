import Foundation
import Translation

extension RecordType {
    /// A sermon series: messages belong to one.
    public static let series = RecordType(
        entity: "series", commandName: "series", module: .messages,
        nouns: RecordNouns(trLater("series"), trLater("series"), title: trLater("Series"),
                           pluralTitle: trLater("Series"),
                           counted: { trn("{count} series", "{count} series", $0, ["count": $1]) }),
        fields: [
            FieldSpec("title", trLater("Title"), .text(maxLength: 200), [.required, .listed, .searchable],
                      help: trLater("The series' title, like \"Advent: Waiting Well\".")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 5000), [.searchable],
                      help: trLater("What the series is about.")),
            // Took any http(s) address before the media library: plain http still reads.
            FieldSpec("artworkURL", trLater("Artwork"), .media(kinds: [.image], httpsOnly: false), [.listed],
                      help: trLater("The series' square artwork: an image of the media library, or an http(s) address.")),
        ],
        titleField: "title")
}
