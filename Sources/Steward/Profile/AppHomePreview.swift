import Foundation
import GtkKit
import StewardCore
import Translation

/// The app's home as members will see it, from a profile's fields as stored or as typed: the
/// logo and name shown, the banner showing now, the welcome text rendered as formatted text,
/// the times, the address and a button for each way to reach the organization. A logo or a
/// banner's image from the media library kept on this console shows as itself; pictures known
/// only by an address are not fetched and show as placeholders that say what they hold. Every
/// part has an accessible name, so screen readers (and the UI tests) read the preview as staff
/// see it.
@MainActor
final class AppHomePreview {
    let widget: Widget
    private let logo: Image
    private let name: Label
    private let banner: Widget
    private let bannerPicture: Picture
    private let bannerTitle: Label
    private let bannerNote: Label
    private let welcome: Label
    private let timesHeading: Label
    private let times: Label
    private let address: Label
    private let contact: FlowBox
    private let zone: TimeZone
    private let logoPicture: LibraryPicture
    private let bannerImage: LibraryPicture

    init(organization: Organization, mediaFolder: MediaFolder) {
        let ui = Builder(resource: ResourceBundle.path("Profile/app-home-preview.ui"))
        widget = ui.object("app_home_preview")
        let logo: Image = ui.object("logo_image")
        self.logo = logo
        name = ui.object("name_label")
        banner = ui.object("banner_box")
        let bannerPicture: Picture = ui.object("banner_picture")
        self.bannerPicture = bannerPicture
        bannerPicture.setAccessibleLabel(tr("Banner picture"))
        logoPicture = LibraryPicture(mediaFolder: mediaFolder, size: 40) { logo.setTexture($0) }
        // Wide enough for the preview's width: banners are about 3:1.
        bannerImage = LibraryPicture(mediaFolder: mediaFolder, size: 480) { texture in
            bannerPicture.setTexture(texture)
            bannerPicture.isVisible = true
        }
        bannerTitle = ui.object("banner_title")
        bannerNote = ui.object("banner_note")
        welcome = ui.object("welcome_label")
        timesHeading = ui.object("times_heading")
        times = ui.object("times_label")
        address = ui.object("address_label")
        contact = ui.object("contact_box")
        zone = organization.timeZone
    }

    /// Shows `fields` (a profile's, as stored or typed; nil: none yet) as the app's home at `now`.
    func show(_ fields: JSONValue?, organization: Organization, now: Date = Date()) {
        let fields = fields ?? .object([:])
        let shownName = Self.text(fields["displayName"])
        name.text = shownName.isEmpty ? organization.name : shownName
        name.setCSSClass("dim-label", shownName.isEmpty)
        name.setAccessibleLabel(tr("Name shown: {name}", ["name": name.text]))

        showLogo(fields["logo"], orgId: organization.id)

        showBanner(ProfileBanners.showing(in: fields, at: now).first, total: Self.items(fields["banners"]).count,
                   orgId: organization.id)

        let welcomeText = Self.text(fields["welcome"])
        welcome.setMarkup(FormattedText.pangoMarkup(welcomeText))
        welcome.isVisible = !welcomeText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        welcome.setAccessibleLabel(tr("Welcome: {text}", ["text": welcome.text]))

        let lines = Self.items(fields["times"]).map(Self.timeLine)
        times.text = lines.joined(separator: "\n")
        times.isVisible = !lines.isEmpty
        timesHeading.isVisible = !lines.isEmpty
        times.setAccessibleLabel(tr("Times: {times}", ["times": lines.joined(separator: "; ")]))

        address.text = Self.text(fields["address"])
        address.isVisible = !address.text.isEmpty
        address.setAccessibleLabel(tr("Address: {address}", ["address": address.text]))

        contact.removeAll()
        let buttons = Self.contacts(fields)
        for (label, uri) in buttons {
            let button = LinkButton(uri: uri, label: label)
            button.tooltip = uri
            button.setAccessibleLabel(label)
            button.setAccessibleDescription(uri)
            contact.append(button)
        }
        contact.isVisible = !buttons.isEmpty
    }

    /// The logo: the library file's picture when it is kept here, else a placeholder.
    private func showLogo(_ value: JSONValue?, orgId: UUID) {
        let text = Self.text(value)
        logo.setAccessibleLabel(text.isEmpty ? tr("No logo yet") : tr("Logo"))
        let path = logoPicture.file(of: value, orgId: orgId)
        guard path != logoPicture.path || path == nil else { return }
        logo.iconName = text.isEmpty ? "user-home-symbolic" : "image-x-generic-symbolic"
        logo.tooltip = text.isEmpty ? tr("No logo yet") : (path == nil ? text : nil)
        logoPicture.show(path)
    }

    /// The banner showing now: its title and window or link, over its picture when the image is
    /// a library file kept here.
    private func showBanner(_ shown: JSONValue?, total: Int, orgId: UUID) {
        banner.setCSSClass("empty", shown == nil)
        let path = bannerImage.file(of: shown?["image"], orgId: orgId)
        if path != bannerImage.path || path == nil {
            bannerPicture.isVisible = false
            bannerPicture.setTexture(nil)
            bannerImage.show(path)
        }
        guard let shown else {
            bannerTitle.text = total == 0 ? tr("No banners yet") : tr("No banner showing now")
            bannerNote.text = total == 0 ? "" : trn("{count} banner, none in its window now", "{count} banners, none in their window now", total)
            banner.setAccessibleLabel(tr("Banner: {title}", ["title": bannerTitle.text]))
            return
        }
        let title = Self.text(shown["title"])
        bannerTitle.text = title.isEmpty ? tr("Banner") : title
        let link = Self.text(shown["link"])
        if let until = shown["showUntil"]?.stringValue.flatMap(DateTimeText.parseUTC) {
            bannerNote.text = tr("Shows until {date}", ["date": DatePatternText.format(until, "EEE d MMM HH:mm", zone: zone)])
        } else {
            bannerNote.text = link.isEmpty ? "" : link
        }
        banner.setAccessibleLabel(tr("Banner: {title}", ["title": bannerTitle.text]))
        banner.tooltip = link.isEmpty ? (path == nil ? Self.text(shown["image"]) : nil) : link
    }

    /// "Sunday 10:30–12:00 Morning worship".
    static func timeLine(_ time: JSONValue) -> String {
        let day = ProfileTimes.dayTitle(text(time["day"])) ?? text(time["day"])
        let start = text(time["start"]), end = text(time["end"]), label = text(time["label"])
        let hours = end.isEmpty ? start : "\(start)–\(end)"
        return [day, hours, label].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The contact buttons the profile gives, in the app's order: (label, address to open).
    static func contacts(_ fields: JSONValue) -> [(String, String)] {
        var buttons: [(String, String)] = []
        let phone = text(fields["phone"])
        if !phone.isEmpty { buttons.append((tr("Call"), "tel:" + phone.filter { $0.isNumber || $0 == "+" })) }
        let email = text(fields["email"])
        if !email.isEmpty { buttons.append((tr("E-mail"), "mailto:" + email)) }
        let website = text(fields["website"])
        if !website.isEmpty { buttons.append((tr("Website"), website)) }
        for site in SocialSite.allCases {
            let address = text(fields[site.rawValue])
            if !address.isEmpty { buttons.append((site.siteName, address)) }
        }
        return buttons
    }

    private static func text(_ value: JSONValue?) -> String {
        value?.stringValue ?? ""
    }

    private static func items(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = value { return items }
        return []
    }
}
