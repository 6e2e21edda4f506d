import Foundation
import Synchronization

/// The answers to the reads every member polls (upcoming events, classes, bulletins and the
/// other record lists, the podcast feed), kept in this process with their entity tag so that a
/// poll of an unchanged answer costs one small read of the organization's row instead of the
/// whole query, encoding and hashing.
///
/// Several store processes may serve one PostgreSQL database (docs/scaling-out.md), so an entry
/// is never trusted on its own: it is kept with the organization's change counter (`orgs.last_seq`,
/// which every stored change moves on, whichever process makes it) and its time zone, and is
/// used only while the database still shows the same ones. A change pushed through another
/// process is therefore seen on the very next request, with no message between processes.
///
/// What members may see also depends on the time (an event that ended leaves the upcoming list,
/// a bulletin shows from its publication on, a class is only listed while it is visible), which
/// no write marks. An entry is therefore also dropped `freshFor` after it was made: answers that
/// change with the clock are at most that late, which is far below the minutes in which such
/// times are given, and the query still runs at most once per `freshFor` per answer under load.
///
/// Bounded: beyond `capacity` entries or `maxBytes` of bodies the least recently used ones are
/// dropped (the podcast feed is open to anyone and kept per address asked for). A capacity of 0
/// keeps nothing (every read is answered from the database, as before the cache; the load
/// benchmark measures both, `STEWARD_STORE_READ_CACHE=off`).
public final class MemberReadCache: Sendable {
    /// What tells one answer from another: the organization, the endpoint, the query that
    /// shapes the answer, and for answers that depend on who reads (a member's campus choice,
    /// the groups a member leads) the reader.
    struct Key: Hashable, Sendable {
        var org: String
        var endpoint: String
        var query: String = ""
        var reader: String = ""
    }

    /// The database state an answer was made from.
    struct Version: Hashable, Sendable {
        var lastSeq: Int64
        var timeZone: String
    }

    struct Answer: Sendable {
        var body: Data
        var entityTag: String
    }

    private struct Entry {
        var version: Version
        var answer: Answer
        var madeAt: ContinuousClock.Instant
        var lastUsed: UInt64
    }

    /// An answer being made: the requests for the same answer that come meanwhile wait for it
    /// instead of each running the query (under load, the many polls right after a change).
    private struct Flight {
        var version: Version
        var waiters: [CheckedContinuation<Answer?, Never>] = []
    }

    private enum Lookup {
        case kept(Answer)
        case wait
        case make(single: Bool)
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var entries: [Key: Entry] = [:]
        var tick: UInt64 = 0
        var bytes = 0
        var answersMade: [String: Int] = [:]
    }

    public static let defaultCapacity = 4_096
    public static let defaultMaxBytes = 64 << 20
    public static let defaultFreshFor: Duration = .seconds(5)

    let capacity: Int
    let maxBytes: Int
    let freshFor: Duration
    private let state = Mutex(State())

    public init(capacity: Int = defaultCapacity, maxBytes: Int = defaultMaxBytes, freshFor: Duration = defaultFreshFor) {
        self.capacity = max(0, capacity)
        self.maxBytes = maxBytes
        self.freshFor = freshFor
    }

    /// Whether answers are kept at all (not with `STEWARD_STORE_READ_CACHE=off`).
    var keepsAnswers: Bool { capacity > 0 }

    /// The organization's row for a read: the one `ModuleGateMiddleware` read for this request,
    /// else read now. Read before the answer is made (see `answer`).
    static func organization(_ slug: String, context: StoreRequestContext, repository: any StoreRepository) async throws -> OrgInfo? {
        if let kept = context.organization, kept.slug == slug { return kept }
        return try await repository.org(slug: slug)
    }

    /// How many requests wait for the answer for `key` being made (for the tests).
    func waiting(for key: Key) -> Int { state.withLock { $0.flights[key]?.waiters.count ?? 0 } }

    /// How many answers to `endpoint` were made from the database rather than taken from the
    /// cache (for the tests: a hit leaves it unchanged).
    func answersMade(_ endpoint: String) -> Int { state.withLock { $0.answersMade[endpoint, default: 0] } }

    /// The answer for `key` made at `version`, from the cache when it holds one made at that
    /// version within `freshFor`, else made by `make` (and kept).
    ///
    /// `version` must be read before `make` reads the records: the answer is then at least as
    /// new as the version it is kept under, never older, so an entry can only be replaced
    /// early, never served stale.
    func answer(_ key: Key, at version: Version, make: () async throws -> Data) async throws -> Answer {
        let now = ContinuousClock.now
        let lookup = state.withLock { state -> Lookup in
            if var entry = state.entries[key], entry.version == version, now - entry.madeAt < freshFor {
                state.tick &+= 1
                entry.lastUsed = state.tick
                state.entries[key] = entry
                return .kept(entry.answer)
            }
            guard capacity > 0 else { return .make(single: false) }
            if let flight = state.flights[key] {
                // Being made at another version: made here too, the other's waiters left to it.
                return flight.version == version ? .wait : .make(single: false)
            }
            state.flights[key] = Flight(version: version)
            return .make(single: true)
        }
        switch lookup {
        case .kept(let answer):
            return answer
        case .wait:
            let made = await withCheckedContinuation { (waiter: CheckedContinuation<Answer?, Never>) in
                let waiting = state.withLock { state -> Bool in
                    guard var flight = state.flights[key], flight.version == version else { return false }
                    flight.waiters.append(waiter)
                    state.flights[key] = flight
                    return true
                }
                // Made (or failed) in between: look again.
                if !waiting { waiter.resume(returning: nil) }
            }
            if let made { return made }
            return try await answer(key, at: version, make: make)
        case .make(let single):
            let answer: Answer
            do {
                let body = try await make()
                answer = Answer(body: body, entityTag: EntityTag.of(body))
            } catch {
                // The waiters make it themselves (or fail the same way).
                if single { for waiter in landed(key, keeping: nil, at: version, now: now) { waiter.resume(returning: nil) } }
                throw error
            }
            let waiters = landed(key, keeping: answer, at: version, now: now, single: single)
            for waiter in waiters { waiter.resume(returning: answer) }
            return answer
        }
    }

    /// Keeps `answer` (when given and there is room) and ends this request's flight for `key`;
    /// the requests that waited for it.
    private func landed(_ key: Key, keeping answer: Answer?, at version: Version, now: ContinuousClock.Instant,
                        single: Bool = true) -> [CheckedContinuation<Answer?, Never>] {
        state.withLock { state in
            var waiters: [CheckedContinuation<Answer?, Never>] = []
            if single, let flight = state.flights.removeValue(forKey: key) { waiters = flight.waiters }
            guard let answer else { return waiters }
            state.answersMade[key.endpoint, default: 0] += 1
            let size = answer.body.count
            guard capacity > 0, size <= maxBytes else { return waiters }
            if let replaced = state.entries.removeValue(forKey: key) { state.bytes -= replaced.answer.body.count }
            // Dropping the least recently used costs a scan, but only when a new answer is
            // made into a full cache, never on a hit.
            while state.entries.count >= capacity || state.bytes + size > maxBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.answer.body.count
            }
            state.tick &+= 1
            state.bytes += size
            state.entries[key] = Entry(version: version, answer: answer, madeAt: now, lastUsed: state.tick)
            return waiters
        }
    }

    /// The cache `steward-store serve` uses: `STEWARD_STORE_READ_CACHE=off` switches it off
    /// (for measuring what it saves; nothing else should need that).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> MemberReadCache {
        environment["STEWARD_STORE_READ_CACHE"] == "off" ? MemberReadCache(capacity: 0) : MemberReadCache()
    }
}

extension MemberReadCache.Version {
    init(_ org: OrgInfo) {
        self.init(lastSeq: org.lastSeq, timeZone: org.timeZone)
    }
}
