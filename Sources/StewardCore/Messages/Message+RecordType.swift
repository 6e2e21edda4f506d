import Foundation

extension RecordType {
    /// A sermon ("message"): watched and listened to in the app, and served as a podcast.
    public static let message = RecordType(
        entity: "message", commandName: "messages", module: .messages, noun: "message", pluralNoun: "messages",
        fields: [
            FieldSpec("title", "Title", .text(maxLength: 200), [.required, .listed, .searchable],
                      help: "The message's title."),
            FieldSpec("series", "Series", .reference(entity: "series"), [.listed],
                      help: "The id of the series it belongs to (see `stewardctl series list`); empty: none."),
            FieldSpec("speaker", "Speaker", .text(maxLength: 200), [.listed, .searchable],
                      help: "Who preached it."),
            FieldSpec("preachedOn", "Preached on", .date, [.required, .listed],
                      help: "The day it was preached, like 2026-12-06."),
            FieldSpec("scripture", "Scripture", .text(maxLength: 200), [.searchable],
                      help: "The passage, like \"Isaiah 40:1-11\"."),
            FieldSpec("summary", "Summary", .longText(maxLength: 10_000), [.searchable],
                      help: "A few sentences on what it says."),
            FieldSpec("videoURL", "Video", .webURL(httpsOnly: false), help: "Where to watch it."),
            FieldSpec("audioURL", "Audio", .webURL(httpsOnly: false),
                      help: "The audio file podcast apps download (an http(s) address)."),
            FieldSpec("audioBytes", "Audio size", .integer(0...20_000_000_000),
                      help: "The audio file's size in bytes (podcast apps need it)."),
            FieldSpec("audioType", "Audio type", .choice(messageAudioTypes),
                      help: "The audio file's type.", default: .string("audio/mpeg")),
            FieldSpec("duration", "Duration", .duration, help: "How long it runs, like 38:12 or 1:02:03."),
            // Not a column: the Status column says whether it is out yet, and the table then
            // fits a 1000-pixel window without scrolling sideways.
            FieldSpec("publishAt", "Publish at", .dateTime,
                      help: "When members and podcast apps see it (local time); empty keeps it a draft."),
        ],
        titleField: "title", orderField: "preachedOn", orderDescending: true)
        .rule { values, issues in
            if !FieldKind.isEmpty(values["audioURL"]), (values["audioBytes"]?.int64Value ?? 0) <= 0 {
                issues.add("audio-bytes", "is needed with an audio address: the file's size in bytes, for podcast apps")
            }
        }
        .withStatus { fields, now in MessageStatus(fields: fields, now: now).rawValue }
        .members { fields, now in MessageStatus(fields: fields, now: now) == .published }
        .indexed { fields, _ in RecordWindow(start: instant(fields["publishAt"])) }

    public static let messageAudioTypes = ["audio/mpeg", "audio/mp4", "audio/x-m4a", "audio/aac", "audio/ogg", "audio/opus", "audio/wav"]
}

/// Where a message stands.
public enum MessageStatus: String, Sendable, CaseIterable {
    case draft = "Draft"
    case scheduled = "Scheduled"
    case published = "Published"

    /// Messages have no expiry: once published they stay.
    public init(fields: JSONValue, now: Date) {
        switch PublishPhase(fields, now: now) {
        case .draft: self = .draft
        case .scheduled: self = .scheduled
        case .live, .expired: self = .published
        }
    }
}
