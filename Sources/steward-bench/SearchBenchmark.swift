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

    struct Result {
        var keystrokeMilliseconds: [Double]
        var matchesForFirstLetter: Int
    }

    func run() async throws -> Result {
        var times: [Double] = []
        var firstLetterMatches = 0
        for _ in 0..<rounds {
            for phrase in typed {
                for length in 1...phrase.count {
                    let text = String(phrase.prefix(length))
                    let start = Stopwatch.now()
                    // Exactly what the events page does for a keystroke.
                    let keys = try await events.keys(for: EventQuery(orgId: org.id, search: text))
                    _ = try await events.rows(for: Array(keys.prefix(screenful)))
                    times.append(Stopwatch.milliseconds(since: start))
                    if length == 1 { firstLetterMatches = max(firstLetterMatches, keys.count) }
                }
            }
        }
        return Result(keystrokeMilliseconds: times, matchesForFirstLetter: firstLetterMatches)
    }
}
