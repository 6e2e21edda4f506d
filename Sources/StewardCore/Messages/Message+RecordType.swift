import Foundation
import Translation

extension RecordType {
    /// A sermon ("message"): watched and listened to in the app, and served as a podcast.
    public static let message = RecordType(
        entity: "message", commandName: "messages", module: .messages,
        nouns: RecordNouns(trLater("message"), trLater("messages"), title: trLater("Message"),
                           pluralTitle: trLater("Messages"),
                           counted: { trn("{count} message", "{count} messages", $0, ["count": $1]) }),
        fields: [
            FieldSpec("title", trLater("Title"), .text(maxLength: 200), [.required, .listed, .searchable],
                      help: trLater("The message's title.")),
            FieldSpec("series", trLater("Series"), .reference(entity: "series"), [.listed],
                      help: trLater("The id of the series it belongs to (see `stewardctl series list`); empty: none.")),
            FieldSpec("speaker", trLater("Speaker"), .text(maxLength: 200), [.listed, .searchable],
                      help: trLater("Who preached it.")),
            FieldSpec("preachedOn", trLater("Preached on"), .date, [.required, .listed],
                      help: trLater("The day it was preached, like 2026-12-06.")),
            FieldSpec("scripture", trLater("Scripture"), .text(maxLength: 200), [.searchable],
                      help: trLater("The passage, like \"Isaiah 40:1-11\".")),
            FieldSpec("summary", trLater("Summary"), .longText(maxLength: 10_000), [.searchable],
                      help: trLater("A few sentences on what it says.")),
            FieldSpec("videoURL", trLater("Video"), .webURL(httpsOnly: false), help: trLater("Where to watch it.")),
            // Added after messages travelled: left out while empty, so they stay as they were.
            FieldSpec("videoThumbnail", trLater("Video thumbnail"), .media(kinds: [.image]), [.leftOutWhenEmpty],
                      help: trLater("The still shown before the video plays: an image from the media library (its id, see `stewardctl media list`) or a secure (https://) address.")),
            // Added after messages travelled: left out while empty, so they stay as they were.
            FieldSpec("audio", trLater("Recording"), .media(kinds: [.audio]), [.leftOutWhenEmpty],
                      help: trLater("The recording from the media library (its id, see `stewardctl media list`); its size, type and running time are filled in.")),
            FieldSpec("audioURL", trLater("Audio"), .webURL(httpsOnly: false),
                      help: trLater("The audio file podcast apps download (an http(s) address).")),
            FieldSpec("audioBytes", trLater("Audio size"), .integer(0...20_000_000_000),
                      help: trLater("The audio file's size in bytes (podcast apps need it).")),
            FieldSpec("audioType", trLater("Audio type"), .choice(messageAudioTypes),
                      help: trLater("The audio file's type."), default: .string("audio/mpeg")),
            FieldSpec("duration", trLater("Duration"), .duration, help: trLater("How long it runs, like 38:12 or 1:02:03.")),
            // Not a column: the Status column says whether it is out yet, and the table then
            // fits a 1000-pixel window without scrolling sideways.
            FieldSpec("publishAt", trLater("Publish at"), .dateTime,
                      help: trLater("When members and podcast apps see it (local time); empty keeps it a draft.")),
        ],
        titleField: "title", orderField: "preachedOn", orderDescending: true)
        .fillingFromMedia("audio") { item, values in
            values["audioBytes"] = .int(item.size)
            values["audioType"] = .string(item.contentType)
            if let seconds = item.durationSeconds { values["duration"] = .int(Int64(seconds.rounded())) }
        }
        .rule { values, issues in
            if !FieldKind.isEmpty(values["audioURL"]), (values["audioBytes"]?.int64Value ?? 0) <= 0 {
                issues.add("audio-bytes", tr("is needed with an audio address: the file's size in bytes, for podcast apps"))
            }
        }
        .withStatus { fields, now in MessageStatus(fields: fields, now: now).recordStatus }
        .members { fields, now in MessageStatus(fields: fields, now: now) == .published }
        .indexed { fields, _ in RecordWindow(start: instant(fields["publishAt"])) }

    public static let messageAudioTypes = ["audio/mpeg", "audio/mp4", "audio/x-m4a", "audio/aac", "audio/ogg", "audio/opus", "audio/wav"]
}

/// Where a message stands.
public enum MessageStatus: String, Sendable, CaseIterable {
    case draft = "Draft"
    case scheduled = "Scheduled"
    case published = "Published"

    /// The word people read, in their language.
    public var text: String {
        switch self {
        case .draft: trc("record status", "Draft")
        case .scheduled: trc("record status", "Scheduled")
        case .published: trc("record status", "Published")
        }
    }

    var recordStatus: RecordStatus { RecordStatus(key: rawValue, text: text) }

    /// Messages have no expiry: once published they stay.
    public init(fields: JSONValue, now: Date) {
        switch PublishPhase(fields, now: now) {
        case .draft: self = .draft
        case .scheduled: self = .scheduled
        case .live, .expired: self = .published
        }
    }
}
