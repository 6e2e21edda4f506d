import Foundation
import StewardCore

/// What a printed bulletin says: its title, the day it is for, then each section in order with
/// its heading, its text and its link.
public enum BulletinPrint {
    public static func blocks(of fields: JSONValue, organization: String, zone: TimeZone) -> [PrintBlock] {
        let type = RecordType.bulletin
        var blocks = [PrintBlock(.title, type.title(of: fields))]
        var subtitle = type.field("date")?.kind.displayText(fields["date"], zone: zone) ?? ""
        if !organization.isEmpty { subtitle = subtitle.isEmpty ? organization : "\(organization) · \(subtitle)" }
        if !subtitle.isEmpty { blocks.append(PrintBlock(.subtitle, subtitle)) }
        for section in fields["sections"]?.arrayValue ?? [] {
            blocks.append(PrintBlock(.heading, section["heading"]?.stringValue ?? ""))
            let body = section["body"]?.stringValue ?? ""
            for paragraph in body.split(separator: "\n", omittingEmptySubsequences: true) {
                blocks.append(PrintBlock(.body, String(paragraph)))
            }
            if let url = section["linkURL"]?.stringValue, !url.isEmpty {
                let label = section["linkLabel"]?.stringValue ?? ""
                blocks.append(PrintBlock(.link, label.isEmpty ? url : "\(label): \(url)"))
            }
        }
        return blocks
    }
}
