import Foundation
import StewardCore

/// What one keystroke in the events search costs in the core: the ordered keys of every match
/// plus the rows of the first screenful, on a large organization.
struct SearchBenchmark {
    let events: EventService
    let org: Organization
    /// What a person types, one keystroke at a time.
    let typed = ["community picnic", "yoga park", "riverside", "blood drive 12"]
    let rounds = 5
    let screenful = 40

    /// Searches with a date in them, typed whole (a date is read once the words are there).
    let dated = ["december", "worship december", "next week", "29 nov", "tomorrow", "picnic 2027-06-20"]

    struct Result {
        var keystrokeMilliseconds: [Double]
        var matchesForFirstLetter: Int
        /// Each dated search, read and run as the page does.
        var datedMilliseconds: [Double] = []
    }

    /// Exactly what the events page does for a keystroke: the search read for a date once,
    /// then the keys of every match and the rows of the first screenful.
    func keystroke(_ text: String) async throws -> [Int64] {
        let date = DateSearchParser.parse(text, now: Date(), zone: org.timeZone)
        let keys = try await events.keys(for: EventQuery(orgId: org.id, search: date?.text ?? text,
                                                         dates: date?.span.interval(in: org.timeZone)))
        _ = try await events.rows(for: Array(keys.prefix(screenful)))
        return keys
    }

    func run() async throws -> Result {
        var times: [Double] = []
        var firstLetterMatches = 0
        for _ in 0..<rounds {
            for phrase in typed {
                for length in 1...phrase.count {
                    let text = String(phrase.prefix(length))
                    let start = Stopwatch.now()
                    let keys = try await keystroke(text)
                    times.append(Stopwatch.milliseconds(since: start))
                    if length == 1 { firstLetterMatches = max(firstLetterMatches, keys.count) }
                }
            }
        }
        var datedTimes: [Double] = []
        for _ in 0..<rounds {
            for text in dated {
                let start = Stopwatch.now()
                _ = try await keystroke(text)
                datedTimes.append(Stopwatch.milliseconds(since: start))
            }
        }
        return Result(keystrokeMilliseconds: times, matchesForFirstLetter: firstLetterMatches, datedMilliseconds: datedTimes)
    }
}
