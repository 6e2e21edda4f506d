import Foundation
import Translation

extension RecordType {
    /// An article, a video or a leaders' guide the ministry shares in the app. One marked for
    /// group leaders only is served to a member only while they lead a community group
    /// (`GroupLeaders`); staff read them all.
    public static let ministryResource = RecordType(
        entity: "ministryResource", commandName: "ministry-resources", module: .ministry,
        nouns: RecordNouns(trLater("resource"), trLater("resources"), title: trLater("Resource"),
                           pluralTitle: trLater("Resources"),
                           counted: { trn("{count} resource", "{count} resources", $0, ["count": $1]) }),
        fields: [
            FieldSpec("title", trLater("Title"), .text(maxLength: 160), [.required, .listed, .searchable],
                      help: trLater("The resource's title, like \"Leading Your First Discussion\".")),
            FieldSpec("kind", trLater("Kind"), .choice(ResourceKind.names), [.required, .listed],
                      help: trLater("article, video or leaders-guide."))
                .showingChoices(ResourceKind.title),
            FieldSpec("url", trLater("Address"), .webURL(httpsOnly: true), [.listed],
                      help: trLater("The secure (https://) address where it is read or watched.")),
            FieldSpec("summary", trLater("Summary"), .longText(maxLength: 5000), [.searchable],
                      help: trLater("A few lines on what it covers, or the whole text of a short article.")),
            FieldSpec("leadersOnly", trLater("Group leaders only"), .boolean, [.listed],
                      help: trLater("Shown in the app only to members who lead a community group.")),
        ] + CampusTags.fields,
        titleField: "title")
        .rule { values, issues in
            let hasURL = !FieldKind.isEmpty(values["url"])
            if values["kind"]?.stringValue == ResourceKind.video, !hasURL {
                issues.add("url", tr("a video needs the address where it is watched"))
            } else if !hasURL, FieldKind.isEmpty(values["summary"]) {
                issues.add("summary", tr("give an address or a summary: a resource with neither has nothing to read"))
            }
        }
        .forGroupLeaders { fields in fields["leadersOnly"]?.boolValue == true }
}

/// The kinds of resources, as their choice words.
public enum ResourceKind {
    public static let video = "video"
    public static let names = ["article", video, "leaders-guide"]

    /// A kind as staff read it: "Leader's guide".
    @Sendable public static func title(_ word: String) -> String? {
        switch word {
        case "article": trc("resource kind", "Article")
        case video: trc("resource kind", "Video")
        case "leaders-guide": trc("resource kind", "Leader’s guide")
        default: nil
        }
    }
}

/// Who leads a community group, for what is kept for group leaders: the members named as a
/// live group's leader account.
public enum GroupLeaders {
    /// The member ids leading one of `groups` (the fields of live community groups).
    public static func memberIds(_ groups: [JSONValue]) -> Set<String> {
        Set(groups.compactMap { $0["leaderMember"]?.stringValue?.lowercased() })
    }
}
