import Foundation
import Translation

extension RecordType {
    /// The weekly bulletin: dated, in ordered sections, published and expired on a schedule.
    public static let bulletin = RecordType(
        entity: "bulletin", commandName: "bulletins", module: .bulletins,
        nouns: RecordNouns(trLater("bulletin"), trLater("bulletins"), title: trLater("Bulletin"),
                           pluralTitle: trLater("Bulletins"),
                           counted: { trn("{count} bulletin", "{count} bulletins", $0, ["count": $1]) }),
        fields: [
            FieldSpec("title", trLater("Title"), .text(maxLength: 200), [.required, .listed, .searchable],
                      help: trLater("The bulletin's title, like \"Second Sunday of Advent\".")),
            FieldSpec("date", trLater("Date"), .date, [.required, .listed],
                      help: trLater("The day it is for, like 2026-12-06.")),
            FieldSpec("sections", trLater("Sections"), .list(of: bulletinSectionFields, maxItems: 50), [.searchable],
                      help: trLater("Its sections in order, as JSON: [{\"heading\": …, \"body\": …, \"linkLabel\": …, \"linkURL\": …}]."),
                      item: trLater("Section")),
            // Added after bulletins travelled: left out while empty, so they stay as they were.
            FieldSpec("headerImage", trLater("Header image"), .media(kinds: [.image]), [.leftOutWhenEmpty],
                      help: trLater("The picture across its top: an image from the media library (its id, see `stewardctl media list`) or a secure (https://) address.")),
            FieldSpec("publishAt", trLater("Publish at"), .dateTime, [.listed],
                      help: trLater("When members start seeing it (the organization's local time); empty keeps it a draft.")),
            FieldSpec("expireAt", trLater("Expire at"), .dateTime,
                      help: trLater("When it leaves the apps; empty: it stays.")),
        ],
        titleField: "title", orderField: "date", orderDescending: true)
        .rule { values, issues in
            if let publish = instant(values["publishAt"]), let expire = instant(values["expireAt"]), expire <= publish {
                issues.add("expire-at", tr("must be after the publish time"))
            }
            for (index, section) in (values["sections"]?.arrayValue ?? []).enumerated()
            where !FieldKind.isEmpty(section["linkLabel"]) && FieldKind.isEmpty(section["linkURL"]) {
                // Named by the Link field, so the editor puts it there.
                let missing = ValidationIssue(field: "linkURL", message: tr("is needed for the link label (or clear the label)"))
                issues.add("sections", ListItemIssue.message(
                    item: index + 1, ListItemIssue.fieldProblem(missing, fields: bulletinSectionFields)))
            }
        }
        .withStatus { fields, now in BulletinStatus(fields: fields, now: now).recordStatus }
        .members { fields, now in BulletinStatus(fields: fields, now: now) == .live }
        .indexed { fields, _ in RecordWindow(start: instant(fields["publishAt"]), end: instant(fields["expireAt"])) }

    /// One section of a bulletin: a heading, its text, and a link to follow.
    public static let bulletinSectionFields: [FieldSpec] = [
        FieldSpec("heading", trLater("Heading"), .text(maxLength: 200), [.required], help: trLater("The section's heading.")),
        FieldSpec("body", trLater("Text"), .longText(maxLength: 10_000), help: trLater("The section's text.")),
        FieldSpec("linkLabel", trLater("Link label"), .text(maxLength: 100), help: trLater("What the link says, like \"Sign up\".")),
        FieldSpec("linkURL", trLater("Link"), .webURL(httpsOnly: false), help: trLater("Where the link goes.")),
    ]
}
