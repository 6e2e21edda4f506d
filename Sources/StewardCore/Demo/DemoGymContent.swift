import Foundation
import GRDB

/// The gym's own content for its app: a month of daily quotes (some with a workout video) and
/// its info page, made as staff make them (waiting in the outbox).
enum DemoGymContent {
    static let days = 30
    static let quotes: [(text: String, author: String)] = [
        ("The only bad workout is the one that didn't happen.", ""),
        ("Strength does not come from the body. It comes from the will.", "Mahatma Gandhi"),
        ("Take care of your body. It's the only place you have to live.", "Jim Rohn"),
        ("It never gets easier, you just get better.", ""),
        ("Motivation is what gets you started. Habit is what keeps you going.", "Jim Ryun"),
        ("The body achieves what the mind believes.", ""),
        ("Energy and persistence conquer all things.", "Benjamin Franklin"),
        ("Success usually comes to those who are too busy to be looking for it.", "Henry David Thoreau"),
        ("A year from now you may wish you had started today.", "Karen Lamb"),
        ("We are what we repeatedly do.", "Will Durant"),
    ]
    static let videos = ["mobility-flow", "kettlebell-basics", "core-10", "spin-warmup", "deadlift-form"]

    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .gym else { return 0 }
        let today = LocalDate(reference, in: org.timeZone)
        var added = 0
        func save(_ type: RecordType, _ fields: [String: JSONValue]) throws {
            let record = LocalRecord(entity: type.entity, orgId: org.id,
                                     fields: try type.validate(.object(fields), orgZone: org.timeZone))
            try RecordWrites.save(record, previous: nil, org: org, db)
            added += 1
        }
        for offset in 0..<days {
            let quote = quotes[offset % quotes.count]
            // Every third day comes with a workout video.
            let video: JSONValue = offset % 3 == 0
                ? .string("https://videos.ironworks-gym.example/\(videos[(offset / 3) % videos.count])") : .null
            try save(.dailyQuote, ["date": .string(today.adding(days: offset - 7).description), "text": .string(quote.text),
                                   "author": .string(quote.author), "videoURL": video])
        }
        try save(.gymInfo, [
            "title": .string("About Ironworks"),
            "about": .string("Ironworks is a neighbourhood gym with coached group classes in strength, yoga, cycling, HIIT and reformer Pilates. New members get a free first week and an intro session with a coach."),
            "openingHours": .string("Mon–Fri 5:30–21:00\nSat 7:00–14:00\nSun 8:00–12:00"),
            "address": .string("1450 Larimer St, Denver, CO 80202"),
            "phone": .string("+1 303 555 0142"),
            "email": .string("frontdesk@ironworks-gym.example"),
            "website": .string("https://ironworks-gym.example"),
        ])
        // Three of the five trainers have written their profile; the others have not yet.
        for (name, specialties, bio) in trainerProfiles {
            try save(.trainer, ["name": .string(name), "specialties": .array(specialties.map(JSONValue.string)),
                                "bio": .string(bio),
                                "photoURL": .string("https://ironworks-gym.example/team/\(name.lowercased().replacingOccurrences(of: " ", with: "-")).jpg")])
        }
        return added
    }

    static let trainerProfiles: [(name: String, specialties: [String], bio: String)] = [
        ("Alex Rivera", ["strength", "powerlifting"],
         "Alex has coached strength for twelve years and competed in powerlifting. Expect clear cues, steady progress and a lot of encouragement."),
        ("Priya Natarajan", ["yoga", "mobility", "prenatal"],
         "Priya teaches vinyasa and restorative yoga and runs the prenatal classes. Her sessions start where you are, not where you think you should be."),
        ("Sam Okafor", ["cycling", "hiit"],
         "Sam brings the playlist and the energy to every spin and HIIT class, and scales every interval for beginners."),
    ]
}
