import Foundation
import StewardCore

/// Records of the record kit's types (podcast settings, messages, series, bulletins, funds)
/// as a console pushes them: fields written as JSON, dates as the wire's UTC text.
enum KitFixtures {
    /// An upsert of a new record of `entity` with these fields (a JSON object's text).
    static func upsert(_ id: Int64, _ entity: String, _ recordId: String, _ json: String) throws -> Mutation {
        Mutation(id: id, entity: entity, recordId: recordId, operation: .upsert, baseVersion: 0,
                 fields: try JSONValue.parse(json))
    }

    /// `"2026-12-06T16:30:00.000Z"`, quotes included, for splicing into fields' JSON.
    static func instant(_ date: Date) -> String { "\"\(DateTimeText.utc(date))\"" }

    static func days(_ count: Double, from now: Date = Date()) -> Date { now.addingTimeInterval(count * 86_400) }

    static func podcast(title: String = "Grace Church Sermons", category: String = "Christianity") -> String {
        """
        {"title": \(quoted(title)), "author": "Grace Church", "description": "Sunday sermons from Grace Church.",
         "artworkURL": "https://grace.example/podcast.jpg", "language": "en", "category": \(quoted(category)),
         "ownerEmail": "office@grace.example", "explicit": false}
        """
    }

    /// A message; `audio` nil: none. `publishAt` nil: a draft.
    static func message(_ title: String, publishAt: Date?, audio: (url: String, bytes: Int64, type: String)? = nil,
                        speaker: String = "Rev. Ada Lovelace", summary: String = "", scripture: String = "",
                        duration: Int64? = nil, series: String? = nil) -> String {
        """
        {"title": \(quoted(title)), "preachedOn": "2026-11-01", "speaker": \(quoted(speaker)),
         "summary": \(quoted(summary)), "scripture": \(quoted(scripture)),
         "publishAt": \(publishAt.map(instant) ?? "null"), "series": \(series.map(quoted) ?? "null"),
         "audioURL": \(audio.map { quoted($0.url) } ?? "null"), "audioBytes": \(audio.map { String($0.bytes) } ?? "null"),
         "audioType": \(audio.map { quoted($0.type) } ?? "null"), "duration": \(duration.map(String.init) ?? "null")}
        """
    }

    static func series(_ title: String) -> String {
        "{\"title\": \(quoted(title)), \"description\": \"\", \"artworkURL\": null}"
    }

    static func bulletin(_ title: String, date: String, publishAt: Date?, expireAt: Date? = nil) -> String {
        """
        {"title": \(quoted(title)), "date": \(quoted(date)),
         "sections": [{"heading": "Welcome", "body": "Glad you are here.", "linkLabel": "", "linkURL": null}],
         "publishAt": \(publishAt.map(instant) ?? "null"), "expireAt": \(expireAt.map(instant) ?? "null")}
        """
    }

    static func fund(_ name: String, position: Int, active: Bool) -> String {
        """
        {"name": \(quoted(name)), "description": "", "url": "https://give.example/\(position)",
         "position": \(position), "active": \(active)}
        """
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String { JSONValue.string(text).canonicalText }
}
