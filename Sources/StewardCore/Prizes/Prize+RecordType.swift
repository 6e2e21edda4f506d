import Foundation
import Translation

extension RecordType {
    /// Something members claim once their passport reaches a level: a tote bag, a pool pass.
    /// Staff record each hand-over as a `redemption`; the stock counts them, so it is the
    /// number of items there ever were, and raising it adds items. A retired prize takes no
    /// new claims, and the claims already made stay (a prize redeemed is never deleted).
    public static let prize = RecordType(
        entity: "prize", commandName: "prizes", module: .prizes,
        nouns: RecordNouns(trLater("prize"), trLater("prizes"), title: trLater("Prize"), pluralTitle: trLater("Prizes"),
                           counted: { trn("{count} prize", "{count} prizes", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 100), [.required, .listed, .searchable],
                      help: trLater("The prize as members see it, like \"River Festival T-shirt\".")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 2000), [.searchable],
                      help: trLater("What it is and where to pick it up.")),
            FieldSpec("imageURL", trLater("Image"), .media(kinds: [.image]),
                      help: trLater("Its picture: an image from the media library (its id, see `stewardctl media list`) or a secure (https://) address.")),
            FieldSpec("level", trLater("Level required"), .reference(entity: "passportLevel"), [.listed],
                      help: trLater("The passport level a member needs (see `stewardctl passport-levels list`); empty: anyone.")),
            FieldSpec("stock", trLater("Stock"), .integer(0...1_000_000), [.listed],
                      help: trLater("How many there are in all, claimed ones included; empty: no limit.")),
            FieldSpec("limitPerMember", trLater("Limit per member"), .integer(1...1000), [.listed],
                      help: trLater("How many one member may claim."), default: .int(1)),
            FieldSpec("availableFrom", trLater("Available from"), .dateTime,
                      help: trLater("When claims open; empty: now.")),
            FieldSpec("availableUntil", trLater("Available until"), .dateTime,
                      help: trLater("When claims close; empty: no end.")),
            FieldSpec("retired", trLater("Retired"), .boolean, [.listed],
                      help: trLater("Retired prizes take no new claims; claims made stay (yes or no)."), default: .bool(false)),
        ],
        titleField: "name", orderField: "name")
        .rule { values, issues in
            if let from = RecordType.instant(values["availableFrom"]), let until = RecordType.instant(values["availableUntil"]),
               until <= from {
                issues.add("available-until", tr("must be after “available from”"))
            }
        }
        .withStatus { fields, now in PrizeStatus.of(fields, at: now).status }
        .members { fields, now in PrizeStatus.of(fields, at: now) != .retired }
        .indexed { fields, _ in RecordWindow(start: RecordType.instant(fields["availableFrom"]),
                                             end: RecordType.instant(fields["availableUntil"])) }
}

/// Where a prize stands by its dates and its retired flag (stock is counted from redemptions).
public enum PrizeStatus: String, Sendable {
    case scheduled, available, ended, retired

    public static func of(_ fields: JSONValue, at now: Date) -> PrizeStatus {
        if fields["retired"]?.boolValue == true { return .retired }
        let ms = Milliseconds.from(now)
        if let from = RecordType.instant(fields["availableFrom"]), ms < from { return .scheduled }
        if let until = RecordType.instant(fields["availableUntil"]), ms > until { return .ended }
        return .available
    }

    public var status: RecordStatus {
        switch self {
        case .scheduled: RecordStatus(key: rawValue, text: trc("prize status", "Scheduled"))
        case .available: RecordStatus(key: rawValue, text: trc("prize status", "Available"))
        case .ended: RecordStatus(key: rawValue, text: trc("prize status", "Ended"))
        case .retired: RecordStatus(key: rawValue, text: trc("prize status", "Retired"))
        }
    }
}
