import Foundation

extension RecordType {
    /// The weekly bulletin: dated, in ordered sections, published and expired on a schedule.
    public static let bulletin = RecordType(
        entity: "bulletin", commandName: "bulletins", module: .bulletins, noun: "bulletin", pluralNoun: "bulletins",
        fields: [
            FieldSpec("title", "Title", .text(maxLength: 200), [.required, .listed, .searchable],
                      help: "The bulletin's title, like \"Second Sunday of Advent\"."),
            FieldSpec("date", "Date", .date, [.required, .listed],
                      help: "The day it is for, like 2026-12-06."),
            FieldSpec("sections", "Sections", .list(of: bulletinSectionFields, maxItems: 50), [.searchable],
                      help: "Its sections in order, as JSON: [{\"heading\": …, \"body\": …, \"linkLabel\": …, \"linkURL\": …}]."),
            FieldSpec("publishAt", "Publish at", .dateTime, [.listed],
                      help: "When members start seeing it (the organization's local time); empty keeps it a draft."),
            FieldSpec("expireAt", "Expire at", .dateTime,
                      help: "When it leaves the apps; empty: it stays."),
        ],
        titleField: "title", orderField: "date", orderDescending: true)
        .rule { values, issues in
            if let publish = instant(values["publishAt"]), let expire = instant(values["expireAt"]), expire <= publish {
                issues.add("expire-at", "must be after the publish time")
            }
            for (index, section) in (values["sections"]?.arrayValue ?? []).enumerated()
            where !FieldKind.isEmpty(section["linkLabel"]) && FieldKind.isEmpty(section["linkURL"]) {
                issues.add("sections", "item \(index + 1): a link label needs a link address (or clear the label)")
            }
        }
        .withStatus { fields, now in BulletinStatus(fields: fields, now: now).rawValue }
        .members { fields, now in BulletinStatus(fields: fields, now: now) == .live }
        .indexed { fields, _ in RecordWindow(start: instant(fields["publishAt"]), end: instant(fields["expireAt"])) }

    /// One section of a bulletin: a heading, its text, and a link to follow.
    public static let bulletinSectionFields: [FieldSpec] = [
        FieldSpec("heading", "Heading", .text(maxLength: 200), [.required], help: "The section's heading."),
        FieldSpec("body", "Text", .longText(maxLength: 10_000), help: "The section's text."),
        FieldSpec("linkLabel", "Link label", .text(maxLength: 100), help: "What the link says, like \"Sign up\"."),
        FieldSpec("linkURL", "Link", .webURL(httpsOnly: false), help: "Where the link goes."),
    ]
}
