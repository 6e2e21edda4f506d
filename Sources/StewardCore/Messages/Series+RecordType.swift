import Foundation

extension RecordType {
    /// A sermon series: messages belong to one.
    public static let series = RecordType(
        entity: "series", commandName: "series", module: .messages, noun: "series", pluralNoun: "series",
        fields: [
            FieldSpec("title", "Title", .text(maxLength: 200), [.required, .listed, .searchable],
                      help: "The series' title, like \"Advent: Waiting Well\"."),
            FieldSpec("description", "Description", .longText(maxLength: 5000), [.searchable],
                      help: "What the series is about."),
            FieldSpec("artworkURL", "Artwork", .webURL(httpsOnly: false), [.listed],
                      help: "The series' artwork: an http(s) address of a square image."),
        ],
        titleField: "title")
}
