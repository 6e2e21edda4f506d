import Foundation
import Translation

extension RecordType {
    /// A summer mission: where and when, who leads it, how to apply and by when. The app lists
    /// them with their picture; the store indexes their dates.
    public static let mission = RecordType(
        entity: "mission", commandName: "missions", module: .ministry,
        nouns: RecordNouns(trLater("mission"), trLater("missions"), title: trLater("Mission"),
                           pluralTitle: trLater("Missions"),
                           counted: { trn("{count} mission", "{count} missions", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 120), [.required, .listed, .searchable],
                      help: trLater("The mission's name, like \"Summer in Guatemala\".")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 5000), [.searchable],
                      help: trLater("What the team will do and who it is for.")),
            FieldSpec("imageURL", trLater("Image"), .webURL(httpsOnly: true),
                      help: trLater("The secure (https://) address of the picture the app shows.")),
            FieldSpec("startDate", trLater("Starts"), .date, [.required, .listed],
                      help: trLater("The first day, like 2027-06-14.")),
            FieldSpec("endDate", trLater("Ends"), .date, [.required, .listed],
                      help: trLater("The last day, like 2027-07-02.")),
            FieldSpec("location", trLater("Location"), .text(maxLength: 200), [.required, .listed, .searchable],
                      help: trLater("Where it goes, like \"Antigua, Guatemala\".")),
            FieldSpec("leaders", trLater("Leaders"), .text(maxLength: 200), [.listed, .searchable],
                      help: trLater("Who leads it.")),
            FieldSpec("howToApply", trLater("How to apply"), .longText(maxLength: 2000),
                      help: trLater("What students do to apply: a form, an interview, a deposit.")),
            FieldSpec("applyBy", trLater("Apply by"), .date, [.listed],
                      help: trLater("The application deadline, before the mission starts.")),
        ],
        titleField: "name", orderField: "startDate")
        .rule { values, issues in
            let start = values["startDate"]?.stringValue.flatMap { LocalDate(iso: $0) }
            let end = values["endDate"]?.stringValue.flatMap { LocalDate(iso: $0) }
            let deadline = values["applyBy"]?.stringValue.flatMap { LocalDate(iso: $0) }
            if let start, let end, end < start {
                issues.add("end-date", tr("must be on or after the start date ({date})", ["date": start.description]))
            }
            if let start, let deadline, deadline > start {
                issues.add("apply-by", tr("must be on or before the start date ({date})", ["date": start.description]))
            }
        }
        .indexed { fields, zone in
            func day(_ name: String) -> LocalDate? { fields[name]?.stringValue.flatMap { LocalDate(iso: $0) } }
            return RecordWindow(start: day("startDate").map { Milliseconds.from($0.startOfDay(in: zone)) },
                                end: day("endDate").map { Milliseconds.from($0.adding(days: 1).startOfDay(in: zone)) })
        }
}
