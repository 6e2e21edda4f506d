import Foundation
import Translation

extension RecordType {
    /// The organization's home in the apps: the name they show, its logo, banners, a welcome,
    /// its service or opening times, where it is and how to reach it. One per organization of
    /// every kind; served to the apps by `GET /v1/orgs/{org}/profile` (docs/profile.md).
    ///
    /// It names `.events` as its module only because every type belongs to one and every kind
    /// of organization starts with events; its page is the sidebar's Profile, shown whatever
    /// modules the organization chose, and the store serves it to every organization.
    public static let profile = RecordType(
        entity: "profile", commandName: "profile", module: .events,
        nouns: RecordNouns(trLater("profile"), trLater("profiles"), title: trLater("Profile"), pluralTitle: trLater("Profiles"),
                           counted: { trn("{count} profile", "{count} profiles", $0, ["count": $1]) }),
        fields: [
            FieldSpec("displayName", trLater("Name shown"), .text(maxLength: 120), [.required, .listed, .searchable],
                      help: trLater("The organization's name as the app's home shows it, like \"Grace Community Church\".")),
            FieldSpec("logo", trLater("Logo"), .media(kinds: [.image]),
                      help: trLater("The logo, square, shown above the name: an image from the media library (its id, see `stewardctl media list`) or a secure (https://) address.")),
            FieldSpec("welcome", trLater("Welcome"), .longText(maxLength: 5000), [.searchable],
                      help: trLater("Formatted text: a line starting with # is a heading, a blank line ends a paragraph, **bold**, [a link](https://…).")),
            FieldSpec("banners", trLater("Banners"), .list(of: ProfileBanners.fields, maxItems: ProfileBanners.maxItems),
                      help: trLater("Pictures across the top of the app's home, each with a link and the days it shows."),
                      item: trLater("Banner")),
            FieldSpec("times", trLater("Times"), .list(of: ProfileTimes.fields, maxItems: ProfileTimes.maxItems),
                      help: trLater("Service or opening times, one a day and hour, like Sunday 10:30 Morning worship."),
                      item: trLater("Time")),
            FieldSpec("address", trLater("Address"), .text(maxLength: 300), [.searchable],
                      help: trLater("The street address members come to.")),
            FieldSpec("latitude", trLater("Latitude"), MapPinRules.latitude,
                      help: trLater("Degrees north (negative: south), like 42.6526; with the longitude, the map's pin.")),
            FieldSpec("longitude", trLater("Longitude"), MapPinRules.longitude,
                      help: trLater("Degrees east (negative: west), like -73.7562; with the latitude, the map's pin.")),
            FieldSpec("phone", trLater("Phone"), .phone, help: trLater("The phone number members call.")),
            FieldSpec("email", trLater("E-mail"), .email, help: trLater("The e-mail address members write to.")),
            FieldSpec("website", trLater("Website"), .webURL(httpsOnly: true),
                      help: trLater("The organization's website, a secure (https://) address.")),
        ] + SocialSite.allCases.map(\.field),
        titleField: "displayName")
        .singleton()
        .editedInSections([
            EditorLayout.Section(trLater("Home"), ["displayName", "logo", "welcome", "banners"]),
            EditorLayout.Section(trLater("Times"), ["times"]),
            EditorLayout.Section(trLater("Where"), ["address", "latitude", "longitude"]),
            EditorLayout.Section(trLater("Contact"), ["phone", "email", "website"] + SocialSite.allCases.map(\.rawValue)),
        ])
        .rule { values, issues in
            for problem in FormattedText.problems(values["welcome"]?.stringValue ?? "") { issues.add("welcome", problem) }
            EventRules.coordinatePair(values, &issues)
            ProfileBanners.checkWindows(values, &issues)
            ProfileTimes.check(values, &issues)
            for site in SocialSite.allCases { site.check(values, &issues) }
        }
        // 9:30 is kept as 09:30, so every side stores the same text.
        .completing { values in ProfileTimes.normalize(&values) }
        .admitted(reading: [.every("profile")]) { change, lookup, _ in
            try ProfileRules.secondProfile(change, lookup)
        }
}

/// What holds across the profile's records rather than within one.
enum ProfileRules {
    /// An organization has one profile: a second one (another console made one offline, or a
    /// script added one) is refused on both sides, naming the one it has.
    static func secondProfile(_ change: RecordChange, _ lookup: any RecordLookup) throws -> ValidationIssue? {
        guard change.previous == nil,
              let existing = try lookup.every(RecordType.profile.entity).first(where: { $0.id != change.id }) else { return nil }
        return ValidationIssue(field: "profile",
                               message: tr("the organization has a profile already ({id}); change that one instead",
                                           ["id": existing.id]))
    }
}
