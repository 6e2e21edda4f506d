import Foundation
import Translation

extension RecordType {
    /// The organization's podcast: what podcast apps and directories show of its messages. One
    /// per organization; the store serves it at /v1/orgs/{org}/podcast.xml.
    public static let podcast = RecordType(
        entity: "podcast", commandName: "podcast", module: .messages,
        nouns: RecordNouns(trLater("podcast"), trLater("podcast settings"), title: trLater("Podcast"),
                           pluralTitle: trLater("Podcast Settings"),
                           counted: { trn("{count} podcast", "{count} podcast settings", $0, ["count": $1]) }),
        fields: [
            FieldSpec("title", trLater("Title"), .text(maxLength: 200), [.required, .listed],
                      help: trLater("The podcast's title, like \"Grace Church Sermons\".")),
            FieldSpec("author", trLater("Author"), .text(maxLength: 200), [.required, .listed],
                      help: trLater("Who podcast apps say it is by, usually the church.")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 4000), [.required],
                      help: trLater("What listeners find in it.")),
            FieldSpec("artworkURL", trLater("Artwork"), .media(kinds: [.image]), [.required],
                      help: trLater("Square artwork, 1400 to 3000 pixels: an image of the media library, or an https:// address.")),
            FieldSpec("language", trLater("Language"), .choice(podcastLanguages), [.listed],
                      help: trLater("The language it is in."), default: .string("en")),
            FieldSpec("category", trLater("Category"), .choice(podcastCategories),
                      help: trLater("The directory category."), default: .string("Religion & Spirituality")),
            FieldSpec("ownerEmail", trLater("Owner email"), .email, [.required],
                      help: trLater("Where podcast directories write to the owner.")),
            FieldSpec("explicit", trLater("Explicit"), .boolean, help: trLater("Whether episodes carry explicit content.")),
        ],
        titleField: "title")
        .singleton()

    public static let podcastLanguages = ["en", "en-us", "en-gb", "es", "es-mx", "fr", "fr-ca", "de", "pt", "pt-br", "it",
                                   "nl", "ko", "zh", "ja", "tl", "vi", "sw"]
    public static let podcastCategories = ["Religion & Spirituality", "Christianity", "Religion", "Spirituality",
                                    "Education", "Society & Culture", "Kids & Family", "Music"]
}
