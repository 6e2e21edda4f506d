import Foundation

extension RecordType {
    /// The organization's podcast: what podcast apps and directories show of its messages. One
    /// per organization; the store serves it at /v1/orgs/{org}/podcast.xml.
    public static let podcast = RecordType(
        entity: "podcast", commandName: "podcast", module: .messages, noun: "podcast", pluralNoun: "podcast settings",
        fields: [
            FieldSpec("title", "Title", .text(maxLength: 200), [.required, .listed],
                      help: "The podcast's title, like \"Grace Church Sermons\"."),
            FieldSpec("author", "Author", .text(maxLength: 200), [.required, .listed],
                      help: "Who podcast apps say it is by, usually the church."),
            FieldSpec("description", "Description", .longText(maxLength: 4000), [.required],
                      help: "What listeners find in it."),
            FieldSpec("artworkURL", "Artwork", .webURL(httpsOnly: true), [.required],
                      help: "Square artwork, 1400 to 3000 pixels, at an https:// address."),
            FieldSpec("language", "Language", .choice(podcastLanguages), [.listed],
                      help: "The language it is in.", default: .string("en")),
            FieldSpec("category", "Category", .choice(podcastCategories),
                      help: "The directory category.", default: .string("Religion & Spirituality")),
            FieldSpec("ownerEmail", "Owner email", .email, [.required],
                      help: "Where podcast directories write to the owner."),
            FieldSpec("explicit", "Explicit", .boolean, help: "Whether episodes carry explicit content."),
        ],
        titleField: "title")
        .singleton()

    public static let podcastLanguages = ["en", "en-us", "en-gb", "es", "es-mx", "fr", "fr-ca", "de", "pt", "pt-br", "it",
                                   "nl", "ko", "zh", "ja", "tl", "vi", "sw"]
    public static let podcastCategories = ["Religion & Spirituality", "Christianity", "Religion", "Spirituality",
                                    "Education", "Society & Culture", "Kids & Family", "Music"]
}
