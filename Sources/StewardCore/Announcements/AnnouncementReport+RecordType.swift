import Foundation
import Translation

extension RecordType {
    /// What became of a sent announcement, written by the store as it sends (same id as the
    /// announcement): how many devices it was for, and how many had it delivered, failed, or
    /// turned out gone (and were removed).
    public static let announcementReport = RecordType(
        entity: "announcementReport", commandName: "announcement-reports", module: .announcements,
        nouns: RecordNouns(trLater("announcement report"), trLater("announcement reports"), title: trLater("Announcement Report"),
                           pluralTitle: trLater("Announcement Reports"),
                           counted: { trn("{count} announcement report", "{count} announcement reports", $0, ["count": $1]) }),
        fields: [
            FieldSpec("sentAt", trLater("Sent"), .dateTime, [.listed], help: trLater("When the store sent it out.")),
            FieldSpec("devices", trLater("Devices"), .integer(0...100_000_000), [.listed],
                      help: trLater("Devices of its audience when it was sent."), default: .int(0)),
            FieldSpec("delivered", trLater("Delivered"), .integer(0...100_000_000), [.listed],
                      help: trLater("Accepted by the push service for the device."), default: .int(0)),
            FieldSpec("failed", trLater("Failed"), .integer(0...100_000_000), [.listed],
                      help: trLater("Not delivered: refused, or still failing when it went stale."), default: .int(0)),
            FieldSpec("removed", trLater("Removed"), .integer(0...100_000_000), [.listed],
                      help: trLater("Devices the push service said are gone: removed, never tried again."), default: .int(0)),
            FieldSpec("pending", trLater("Pending"), .integer(0...100_000_000),
                      help: trLater("Still being tried."), default: .int(0)),
        ],
        titleField: "sentAt", orderField: "sentAt", orderDescending: true)
        .madeByStore()
        .staffOnly()
}
