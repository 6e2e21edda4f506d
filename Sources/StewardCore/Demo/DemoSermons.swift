import Foundation

/// Grace Community Church's preaching: two series, a sermon each Sunday from twelve weeks ago
/// to three weeks ahead. The past twelve are published messages with audio; the coming ones
/// appear only in the bulletins. Lengths and file sizes come from a seeded generator, so every
/// load writes the same content.
enum DemoSermons {
    struct Series {
        var key: String
        var title: String
        var description: String
        var artwork: String
    }

    struct Sermon {
        var series: String
        var title: String
        var scripture: String
        var speaker: String
        var summary: String
    }

    static let pastor = "Pastor James Whitfield"
    static let media = "https://media.gracecommunity.example.org"

    static let series: [Series] = [
        Series(key: "servant-king", title: "The Servant King",
               description: "Seven weeks in the Gospel of Mark, the shortest and fastest-moving account of Jesus' life: who he is, what he came to do, and what it means to follow him.",
               artwork: "\(media)/series/servant-king-1400.jpg"),
        Series(key: "psalms", title: "Psalms for Ordinary Days",
               description: "The Psalms give words to every season: praise, lament, doubt and thanksgiving. One psalm a week, read slowly, and learning to pray it together.",
               artwork: "\(media)/series/psalms-ordinary-days-1400.jpg"),
    ]

    /// Weeks from the reference week of the first sermon; one sermon a Sunday after it.
    static let firstWeek = -12
    /// Sermons preached before the reference week: the published messages.
    static let publishedCount = 12

    static let sermons: [Sermon] = [
        Sermon(series: "servant-king", title: "The Beginning of the Good News", scripture: "Mark 1:1-15", speaker: pastor,
               summary: "Mark opens without a birth story, straight into the wilderness and the announcement that God's kingdom has come near. What does it mean to call this good news, and why start here?"),
        Sermon(series: "servant-king", title: "Authority Over the Storm", scripture: "Mark 4:35-41", speaker: pastor,
               summary: "\"Don't you care if we drown?\" the disciples ask while Jesus sleeps. Fear, faith, and the question that matters more than either: who is this?"),
        Sermon(series: "servant-king", title: "Five Loaves, Two Fish", scripture: "Mark 6:30-44", speaker: "Elder Ruth Kim",
               summary: "A tired crowd, a remote place and not enough food. Jesus turns the disciples' \"send them away\" into \"you give them something to eat.\""),
        Sermon(series: "servant-king", title: "Who Do You Say I Am?", scripture: "Mark 8:27-38", speaker: pastor,
               summary: "The turning point of Mark: Peter's confession and Jesus' first teaching about the cross. Following him means losing our life to find it."),
        Sermon(series: "servant-king", title: "The Last Will Be First", scripture: "Mark 10:35-45", speaker: pastor,
               summary: "James and John ask for the best seats. Jesus answers with a cup and a cross: greatness in his kingdom is measured by service."),
        Sermon(series: "servant-king", title: "A House of Prayer", scripture: "Mark 11:12-25", speaker: "Rev. Dr. Angela Moore",
               summary: "The fig tree and the temple courts: Jesus clears space for the nations to pray, and calls a busy church back to its first purpose. Our guest preacher serves with Lakeview Refugee Services."),
        Sermon(series: "servant-king", title: "He Is Not Here", scripture: "Mark 16:1-8", speaker: pastor,
               summary: "An empty tomb, a young man in white and three frightened women. Mark's unfinished ending invites us to finish the story with our lives."),
        Sermon(series: "psalms", title: "Planted by Streams of Water", scripture: "Psalm 1", speaker: pastor,
               summary: "Two paths and a tree that does not wither. The Psalter begins by asking where we put down our roots."),
        Sermon(series: "psalms", title: "How Long, O Lord?", scripture: "Psalm 13", speaker: "Elder Ruth Kim",
               summary: "Six verses that move from feeling forgotten to trusting again. Lament is not a lack of faith; it is faith that keeps talking to God."),
        Sermon(series: "psalms", title: "The Lord Is My Shepherd", scripture: "Psalm 23", speaker: pastor,
               summary: "The best-known psalm, read slowly: green pastures, the darkest valley, and a table set in the presence of enemies."),
        Sermon(series: "psalms", title: "Create in Me a Clean Heart", scripture: "Psalm 51", speaker: pastor,
               summary: "David's prayer after his worst failure: a confession honest about sin and more honest still about mercy."),
        Sermon(series: "psalms", title: "Our Dwelling Place", scripture: "Psalm 90", speaker: pastor,
               summary: "A prayer of Moses about time and frailty. Learning to number our days turns out to be good news for anxious people."),
        Sermon(series: "psalms", title: "Enter His Gates with Thanksgiving", scripture: "Psalm 100", speaker: pastor,
               summary: "Five verses of pure praise, and why gratitude is something a congregation practises together."),
        Sermon(series: "psalms", title: "Where Does My Help Come From?", scripture: "Psalm 121", speaker: "Elder Ruth Kim",
               summary: "A song for the road: the God who neither slumbers nor sleeps keeps our going out and our coming in."),
        Sermon(series: "psalms", title: "Search Me, O God", scripture: "Psalm 139", speaker: pastor,
               summary: "Known completely and loved completely: there is nowhere we can go from God's presence."),
        Sermon(series: "psalms", title: "Let Everything That Has Breath", scripture: "Psalm 150", speaker: pastor,
               summary: "The Psalter ends in a crescendo of praise, and so does our series: trumpets, cymbals and every voice."),
    ]

    /// The sermon preached in week `week`, if the plan has one.
    static func sermon(week: Int) -> Sermon? {
        let index = week - firstWeek
        return sermons.indices.contains(index) ? sermons[index] : nil
    }

    static func seriesTitle(_ key: String) -> String {
        series.first { $0.key == key }?.title ?? ""
    }

    /// The fields of each series, by key.
    static func seriesFields() -> [(key: String, fields: JSONValue)] {
        series.map { series in
            (series.key, .object([
                "title": .string(series.title),
                "description": .string(series.description),
                "artworkURL": .string(series.artwork),
            ]))
        }
    }

    /// The published messages, each in its series (`seriesIDs` by key), preached on the
    /// Sunday of its week and published that afternoon.
    static func messageFields(weeks: DemoWeeks, seriesIDs: [String: UUID]) -> [JSONValue] {
        var random = DemoRandom(seed: 0x5E2_0115)
        return sermons.prefix(publishedCount).enumerated().map { index, sermon in
            let day = weeks.sunday(firstWeek + index)
            let slug = sermon.title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
            // About 128 kbit/s: 16,000 bytes a second, plus the file's tags and artwork.
            let seconds = Int64.random(in: 31 * 60...46 * 60, using: &random)
            let bytes = seconds * 16_000 + Int64.random(in: 40_000...180_000, using: &random)
            return .object([
                "title": .string(sermon.title),
                "series": .string(seriesIDs[sermon.series]!.uuidString.lowercased()),
                "speaker": .string(sermon.speaker),
                "preachedOn": .string(day.description),
                "scripture": .string(sermon.scripture),
                "summary": .string(sermon.summary),
                "videoURL": .string("https://video.gracecommunity.example.org/sermons/\(day)-\(slug)"),
                "audioURL": .string("\(media)/podcast/\(day)-\(slug).mp3"),
                "audioBytes": .int(bytes),
                "audioType": .string("audio/mpeg"),
                "duration": .int(seconds),
                "publishAt": .string(weeks.localTime(day, hour: 15)),
            ])
        }
    }

    /// What podcast apps and directories show of the church's messages.
    static let podcastFields: JSONValue = .object([
        "title": .string("Grace Community Church Sermons"),
        "author": .string("Grace Community Church"),
        "description": .string("Sunday sermons from Grace Community Church on Chicago's North Side. Pastor James Whitfield and guests preach through books of the Bible one passage at a time. New episodes every Sunday afternoon."),
        "artworkURL": .string("\(media)/podcast/artwork-3000.jpg"),
        "language": .string("en-us"),
        "category": .string("Christianity"),
        "ownerEmail": .string("media@gracecommunity.example.org"),
        "explicit": .bool(false),
    ])
}
