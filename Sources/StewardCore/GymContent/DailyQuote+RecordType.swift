import Foundation
import Translation

extension RecordType {
    /// The gym app's word of the day: a quote, and often a workout video to go with it.
    public static let dailyQuote = RecordType(
        entity: "dailyQuote", commandName: "daily-quotes", module: .classSchedule,
        nouns: RecordNouns(trLater("daily quote"), trLater("daily quotes"), title: trLater("Daily Quote"),
                           pluralTitle: trLater("Daily Quotes"),
                           counted: { trn("{count} daily quote", "{count} daily quotes", $0, ["count": $1]) }),
        fields: [
            FieldSpec("date", trLater("Date"), .date, [.required, .listed],
                      help: trLater("The day the app shows it, like 2026-12-06.")),
            FieldSpec("text", trLater("Text"), .longText(maxLength: 1000), [.required, .listed, .searchable],
                      help: trLater("The quote or the day's message.")),
            FieldSpec("author", trLater("Author"), .text(maxLength: 200), [.listed, .searchable],
                      help: trLater("Who said it; empty for the gym's own words.")),
            FieldSpec("videoURL", trLater("Workout video"), .webURL(httpsOnly: true), [.listed],
                      help: trLater("The secure (https://) address of the day's workout video, if there is one.")),
        ],
        titleField: "text", orderField: "date", orderDescending: true)
        .indexed { fields, zone in
            RecordWindow(start: fields["date"]?.stringValue.flatMap { LocalDate(iso: $0) }
                .map { Milliseconds.from($0.startOfDay(in: zone)) })
        }

    /// A page of the gym's in the app: who it is, where, when it is open, how to reach it (and
    /// as many more as the gym wants: prices, house rules). Served to the apps like the quotes.
    public static let gymInfo = RecordType(
        entity: "gymInfo", commandName: "gym-info", module: .classSchedule,
        nouns: RecordNouns(trLater("info page"), trLater("info pages"), title: trLater("Info Page"),
                           pluralTitle: trLater("Info Pages"),
                           counted: { trn("{count} info page", "{count} info pages", $0, ["count": $1]) }),
        fields: [
            FieldSpec("title", trLater("Title"), .text(maxLength: 100), [.required, .listed],
                      help: trLater("The page's heading in the app, like \"About Ironworks\".")),
            FieldSpec("about", trLater("About"), .longText(maxLength: 5000), [.searchable],
                      help: trLater("A few paragraphs on the gym: what it offers, who it is for.")),
            FieldSpec("openingHours", trLater("Opening hours"), .longText(maxLength: 1000), [.listed],
                      help: trLater("When the gym is open, one line a day or a range.")),
            FieldSpec("address", trLater("Address"), .text(maxLength: 300), [.listed],
                      help: trLater("The street address.")),
            FieldSpec("phone", trLater("Phone"), .text(maxLength: 40),
                      help: trLater("The front desk's phone number.")),
            FieldSpec("email", trLater("E-mail"), .email,
                      help: trLater("The front desk's e-mail address.")),
            FieldSpec("website", trLater("Website"), .webURL(httpsOnly: false),
                      help: trLater("The gym's website.")),
        ],
        titleField: "title")
}
