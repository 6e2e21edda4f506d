import Foundation
import GtkKit
import StewardCore

/// The model behind the event table: the ordered keys of what the query matches (all of
/// them, they are just integers) and a cache of the rows actually shown.
///
/// GTK binds only the rows on screen. A row not yet cached is requested with its neighbours,
/// one page at a time, and `onRowsLoaded` tells the page to fill the cells it is showing when
/// they arrive. Database work runs on GRDB's threads; results come back to the main actor.
@MainActor
final class EventsListController {
    let keys = KeyListModel()
    private let service: EventService
    private(set) var query: EventQuery?
    private var positions: [Int64: Int] = [:]
    private var cache: [Int64: EventRow] = [:]
    private var wanted: Set<Int64> = []
    private var inFlight: Set<Int64> = []
    private var fetchScheduled = false
    /// Bumped when the cache is thrown away (another organization), so late rows are dropped.
    private var cacheGeneration = 0
    /// Bumped per key request, so only the latest search's keys are applied.
    private var keysRequest = 0

    /// Rows fetched per round trip around a missing one: about three screens.
    static let pageSize = 80
    /// Rows a window this tall can show (rows are at least 30 pixels), with two to spare.
    static func rowsThatFit(height: Int) -> Int {
        min(pageSize, max(20, height / 30 + 2))
    }
    /// Above this many cached rows, rows not on screen are forgotten.
    static let cacheLimit = 5_000

    var onRowsLoaded: (([EventRow]) -> Void)?

    init(service: EventService) {
        self.service = service
    }

    /// How many events the current query matched, also while only the first screenful of a
    /// long list is in the model.
    private(set) var count = 0

    /// Every key of the list shown (or about to be, for a load shown in two steps).
    private var modelKeys: [Int64] = []

    /// The full key list of a load shown in two steps, until its first rows are on screen.
    private var remainingKeys: (request: Int, keys: [Int64], widget: Widget)?

    /// The first frame that shows rows may be later than the next frame (GTK lays a new list
    /// out in its own time), so the full list waits for a row to be bound, then for that
    /// frame's paint.
    private func rowBound() {
        guard let (request, all, widget) = remainingKeys else { return }
        remainingKeys = nil
        NextPaint.after(widget) {
            // After this frame's handlers, not inside them: the frame is on screen already.
            Task { @MainActor [weak self] in
                guard let self, request == self.keysRequest else { return }
                self.keys.setKeys(all)
            }
        }
    }

    /// The cached row for `key`, or nil after asking for it (then `onRowsLoaded` follows).
    func row(for key: Int64) -> EventRow? {
        if let row = cache[key] {
            rowBound()
            return row
        }
        request(key)
        return nil
    }

    func cachedRow(for key: Int64) -> EventRow? { cache[key] }

    /// Forgets every cached row but `rows` (fetched just now): rows may have changed under the
    /// list (a sync), and the others are asked for again when GTK shows them.
    func replaceCachedRows(with rows: [EventRow]) {
        cache = Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { _, newest in newest })
        // Rows asked for and not fetched yet are still wanted (their fetch is scheduled): GTK
        // does not bind them again, so forgetting them left the rows just shown blank (a sync
        // ending right after another organization was chosen).
        wanted.subtract(cache.keys)
        cacheGeneration += 1
    }

    /// Shows nothing (no organization).
    func clear() {
        keysRequest += 1
        remainingKeys = nil
        count = 0
        modelKeys = []
        keys.setKeys([])
    }

    /// Keys and rows already fetched elsewhere (the start-up preload): the first load of
    /// `query` uses them instead of asking the database again.
    func prime(_ query: EventQuery, keys: [Int64], rows: [EventRow]) {
        primed = (query, keys)
        for row in rows { cache[row.key] = row }
    }

    private var primed: (query: EventQuery, keys: [Int64])?

    /// Runs `query` and shows its keys. Returns false when a newer query overtook this one (the
    /// list then shows the newer one's result).
    ///
    /// With `firstPaint`, a long list is shown in two steps: the first screenful for the next
    /// frame, the rest right after it is painted. Handing GTK 100k rows costs tens of
    /// milliseconds that the first frame need not wait for; so does every row beyond the
    /// screen, which GTK makes and measures as if it were on it (80 rows took 10 to 30 ms more
    /// than the 25 a 700-pixel window shows).
    @discardableResult
    func load(_ query: EventQuery, invalidating changed: [Int64] = [],
              firstPaint: (window: Widget, height: Int)? = nil) async throws -> Bool {
        let usesPrimed = primed?.query == query
        if query.orgId != self.query?.orgId && !usesPrimed {
            cache.removeAll()
            wanted.removeAll()
            cacheGeneration += 1
        }
        for key in changed { cache[key] = nil }
        self.query = query
        keysRequest += 1
        let request = keysRequest
        let newKeys: [Int64]
        if usesPrimed, let primed {
            newKeys = primed.keys
        } else {
            newKeys = try await service.keys(for: query)
        }
        primed = nil
        guard request == keysRequest else { return false }
        if cache.count > Self.cacheLimit { cache.removeAll() }
        // The same keys in the same order (a sync that brought nothing new, an edit that moved
        // nothing): GTK keeps its rows, since handing it the list again costs time in
        // proportion to its length. Only the changed rows on screen are read again.
        if remainingKeys == nil, newKeys == modelKeys {
            for key in changed { self.request(key) }
            return true
        }
        modelKeys = newKeys
        positions = [:]
        count = newKeys.count
        if let firstPaint, newKeys.count > Self.pageSize * 2 {
            // The rest once the first rows are bound and painted (see `rowBound`). Set before
            // the prefix goes in: GTK may bind rows during `setKeys` itself.
            remainingKeys = (request, newKeys, firstPaint.window)
            keys.setKeys(Array(newKeys.prefix(Self.rowsThatFit(height: firstPaint.height))))
        } else {
            keys.setKeys(newKeys)
        }
        // The key -> position map (100k entries take tens of milliseconds) is built off the
        // main thread; until it arrives, lookups scan the model.
        Task { [weak self] in
            let built = await Task.detached(priority: .utility) {
                Dictionary(uniqueKeysWithValues: newKeys.enumerated().map { ($1, $0) })
            }.value
            guard let self, request == self.keysRequest else { return }
            self.positions = built
        }
        return true
    }

    /// Re-runs the current query (after an edit), dropping the cached rows of `changed`.
    @discardableResult
    func reload(invalidating changed: [Int64] = []) async throws -> Bool {
        guard let query else { return false }
        return try await load(query, invalidating: changed)
    }

    /// The key of the event with `id` among the current keys. New events get the highest
    /// key (SQLite rowids grow), so that one is checked first.
    func key(of id: UUID, hint: Int64? = nil) async -> Int64? {
        var candidates: [Int64] = []
        if let hint { candidates.append(hint) }
        if let newest = (0..<keys.count).lazy.compactMap({ self.keys.key(at: $0) }).max() { candidates.append(newest) }
        for key in candidates where position(of: key) != nil {
            if cache[key]?.id == id { return key }
            if let row = try? await service.rows(for: [key]).first {
                cache[row.key] = row
                if row.id == id { return key }
            }
        }
        return nil
    }

    func position(of key: Int64) -> Int? { positions[key] ?? keys.position(of: key) }

    // MARK: fetching rows

    private func request(_ key: Int64) {
        guard let position = position(of: key) else { return }
        // The missing row and the page around it, leaning forward (people scroll down).
        let start = max(0, position - Self.pageSize / 4)
        let end = min(keys.count, start + Self.pageSize)
        for p in start..<end {
            guard let k = keys.key(at: p), cache[k] == nil, !inFlight.contains(k) else { continue }
            wanted.insert(k)
        }
        scheduleFetch()
    }

    /// One fetch for all the rows wanted in this frame.
    private func scheduleFetch() {
        guard !fetchScheduled else { return }
        fetchScheduled = true
        Task { await fetchWanted() }
    }

    private func askAgain(_ batch: [Int64]) {
        let still = batch.filter { cache[$0] == nil && position(of: $0) != nil }
        guard !still.isEmpty else { return }
        wanted.formUnion(still)
        scheduleFetch()
    }

    private func fetchWanted() async {
        fetchScheduled = false
        let batch = Array(wanted)
        wanted.removeAll()
        guard !batch.isEmpty else { return }
        inFlight.formUnion(batch)
        let generation = cacheGeneration
        defer { inFlight.subtract(batch) }
        do {
            let rows = try await service.rows(for: batch)
            guard generation == cacheGeneration else {
                // The cache was thrown away while these were read (another organization, or a
                // sync's refresh). GTK will not bind the rows on screen again, so the keys
                // still in the list are asked for afresh: dropping them left those rows blank.
                askAgain(batch)
                return
            }
            for row in rows { cache[row.key] = row }
            onRowsLoaded?(rows)
            rowBound()
        } catch {
            // The cells stay blank; the next bind of these rows asks again.
            FileHandle.standardError.write(Data("steward: loading events failed: \(error)\n".utf8))
        }
    }
}
