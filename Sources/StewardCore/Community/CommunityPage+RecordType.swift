import Foundation
import Translation

extension RecordType {
    /// A page of the app's community section: the resources page or the about page, written
    /// as formatted text (`FormattedText`: headings, paragraphs, bold and links) and previewed
    /// in the console before members read it.
    public static let communityPage = RecordType(
        entity: "communityPage", commandName: "community-pages", module: .community,
        nouns: RecordNouns(trLater("community page"), trLater("community pages"), title: trLater("Community Page"),
                           pluralTitle: trLater("Community Pages"),
                           counted: { trn("{count} community page", "{count} community pages", $0, ["count": $1]) }),
        fields: [
            FieldSpec("kind", trLater("Page"), .choice(["resources", "about"]), [.required, .listed],
                      help: trLater("Which page of the app it is: resources or about."))
                .showingChoices { $0 == "resources" ? trc("community page", "Resources") : $0 == "about" ? trc("community page", "About") : nil },
            FieldSpec("title", trLater("Title"), .text(maxLength: 120), [.required, .listed, .searchable],
                      help: trLater("The page's title, like \"Community Resources\".")),
            FieldSpec("body", trLater("Text"), .longText(maxLength: 20_000), [.searchable],
                      help: trLater("Formatted text: a line starting with # is a heading, a blank line ends a paragraph, **bold**, [a link](https://…).")),
        ],
        titleField: "title", orderField: "kind")
        .rule { values, issues in
            for problem in FormattedText.problems(values["body"]?.stringValue ?? "") { issues.add("body", problem) }
        }
}
