import Foundation
import Translation

/// The social sites a profile links to, each field checked for its own site, so an Instagram
/// address pasted into the Facebook field is caught before members tap it.
public enum SocialSite: String, CaseIterable, Sendable {
    case facebook, instagram, youtube, x, tiktok

    /// The hosts an address may have, without `www.` or `m.`.
    var hosts: [String] {
        switch self {
        case .facebook: ["facebook.com", "fb.com"]
        case .instagram: ["instagram.com"]
        case .youtube: ["youtube.com", "youtu.be"]
        case .x: ["x.com", "twitter.com"]
        case .tiktok: ["tiktok.com"]
        }
    }

    /// The site's name, the same in every language.
    public var siteName: String {
        switch self {
        case .facebook: "Facebook"
        case .instagram: "Instagram"
        case .youtube: "YouTube"
        case .x: "X"
        case .tiktok: "TikTok"
        }
    }

    var example: String {
        switch self {
        case .facebook: "https://www.facebook.com/gracechurch"
        case .instagram: "https://www.instagram.com/gracechurch"
        case .youtube: "https://www.youtube.com/@gracechurch"
        case .x: "https://x.com/gracechurch"
        case .tiktok: "https://www.tiktok.com/@gracechurch"
        }
    }

    var field: FieldSpec {
        switch self {
        case .facebook:
            FieldSpec(rawValue, trLater("Facebook"), .webURL(httpsOnly: true),
                      help: trLater("The organization's Facebook page, like https://www.facebook.com/gracechurch."))
        case .instagram:
            FieldSpec(rawValue, trLater("Instagram"), .webURL(httpsOnly: true),
                      help: trLater("The organization's Instagram, like https://www.instagram.com/gracechurch."))
        case .youtube:
            FieldSpec(rawValue, trLater("YouTube"), .webURL(httpsOnly: true),
                      help: trLater("The organization's YouTube channel, like https://www.youtube.com/@gracechurch."))
        case .x:
            FieldSpec(rawValue, trLater("X"), .webURL(httpsOnly: true),
                      help: trLater("The organization's X (Twitter) account, like https://x.com/gracechurch."))
        case .tiktok:
            FieldSpec(rawValue, trLater("TikTok"), .webURL(httpsOnly: true),
                      help: trLater("The organization's TikTok, like https://www.tiktok.com/@gracechurch."))
        }
    }

    /// Whether `address` is on this site: its host is one of `hosts`, with or without `www.` or `m.`.
    public func accepts(_ address: String) -> Bool {
        guard var host = URL(string: address)?.host?.lowercased() else { return false }
        for prefix in ["www.", "m."] where host.hasPrefix(prefix) { host.removeFirst(prefix.count) }
        return hosts.contains(host)
    }

    func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        guard let address = values[rawValue]?.stringValue, !address.isEmpty, !accepts(address) else { return }
        issues.add(rawValue, tr("must be an address on {site} ({hosts}), like {example}",
                                ["site": siteName, "hosts": hosts.joined(separator: ", "), "example": example]))
    }
}
