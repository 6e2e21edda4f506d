import Foundation
import GRDB

extension RecordSearchIndex {
    /// Beyond this many matches a search is broad: a page of its matches is read as the index
    /// gives them (then put in order), and the count stops there. Sorting every match of a
    /// one-letter search to show its first page would cost more than a frame at 100,000 books,
    /// and nobody reads 2,000 books down a list: they type another letter.
    static let broadSearch = 2_000

    /// The live records of the type whose words start with every word of `search` (all of
    /// them, in the list's order, for an empty search): at most `limit` of them, in the list's
    /// order, and how many match.
    ///
    /// A typed number (digits, an ISBN-10's `x`) matches a word of the record, or the start of
    /// its ISBN-13 or ISBN-10, which the index keeps in columns: a search made only of numbers
    /// (someone typing an ISBN) is read as index ranges, the others through the full-text
    /// index, their numbers checked on each line found.
    static func page(_ type: RecordType, orgId: UUID, search: String, limit: Int?, _ db: Database) throws -> RecordPage {
        let scope = Scope(entity: type.entity, org: UUIDColumn.encode(orgId), descending: type.orderDescending)
        let words = Array(SearchWords.words(search).prefix(8))
        guard !words.isEmpty else { return try unsearched(scope, limit: limit, db) }
        let numbers = words.filter(SearchWords.isNumber)
        let text = words.filter { !SearchWords.isNumber($0) }
        let checks = { (numbers: [String]) in numbers.map(NumberCheck.init) }
        if !text.isEmpty {
            return try read(.fullText(SearchWords.ftsQuery(words: text)), checks: checks(numbers), scope, limit: limit, db)
        }
        // Only numbers: the longest (the fewest books start with it) is read first, capped.
        let longest = numbers.max { $0.count < $1.count }!
        let others = numbers.filter { $0 != longest }
        guard let limit else { return try read(.everything, checks: checks(numbers), scope, limit: nil, db) }
        let found = try rowids(startingWith: longest, scope, db)
        if found.count <= broadSearch {
            return try read(.rowids(found), checks: checks(others), scope, limit: limit, db)
        }
        if !others.isEmpty { return try read(.everything, checks: checks(numbers), scope, limit: limit, db) }
        let rows = try Row.fetchAll(db, sql: """
            SELECT r.* FROM recordSearchEntry e CROSS JOIN record r ON r.entity = e.entity AND r.id = e.id
            WHERE e.rowid IN (SELECT value FROM json_each(?))
            """, arguments: [jsonArray(found.prefix(limit))])
        return RecordPage(records: try rows.map(SharedRecordStorage.record(from:)), total: broadSearch, totalIsLowerBound: true)
    }

    /// The type's lines of one organization, and the list's direction.
    private struct Scope {
        let entity: String
        let org: String
        let descending: Bool
        var direction: String { descending ? "DESC" : "ASC" }
    }

    /// Where a search's lines are read from before its other words are checked.
    private enum Source {
        /// The full-text index's matches of an FTS5 query.
        case fullText(String)
        /// Lines already found, by rowid.
        case rowids([Int64])
        /// Every line of the type, in the list's order (a broad search stops early).
        case everything

        func sql(_ scope: Scope) -> (from: String, condition: String, arguments: StatementArguments) {
            switch self {
            case .fullText(let query):
                ("recordSearch s CROSS JOIN recordSearchEntry e ON e.rowid = s.rowid",
                 "s.recordSearch MATCH ? AND e.entity = ? AND e.orgId = ?", [query, scope.entity, scope.org])
            case .rowids(let rowids):
                // Found within the type and organization already; naming them again would let
                // SQLite read the organization's lines through an index rather than these few.
                ("recordSearchEntry e", "e.rowid IN (SELECT value FROM json_each(?))", [RecordSearchIndex.jsonArray(rowids)])
            case .everything:
                ("recordSearchEntry e INDEXED BY recordSearchEntry_order", "e.entity = ? AND e.orgId = ?",
                 [scope.entity, scope.org])
            }
        }
    }

    /// A typed number checked on a line: it starts one of the line's words, its ISBN-13 or its
    /// ISBN-10.
    private struct NumberCheck {
        let number: String

        init(_ number: String) { self.number = number }

        var condition: String {
            """
            ((e.isbn13 >= ? AND e.isbn13 < ?) OR (e.isbn10 >= ? AND e.isbn10 < ?)
             OR e.rowid IN (SELECT rowid FROM recordSearch WHERE recordSearch MATCH ?))
            """
        }

        var arguments: StatementArguments {
            let end = RecordSearchIndex.prefixEnd(number)
            return [number, end, number, end, SearchWords.ftsQuery(words: [number])]
        }
    }

    /// The first text after every text starting with `prefix` (digits and `x` sort before `~`).
    private static func prefixEnd(_ prefix: String) -> String { prefix + "~" }

    private static func jsonArray<C: Collection<Int64>>(_ rowids: C) -> String {
        "[" + rowids.map(String.init).joined(separator: ",") + "]"
    }

    /// The lines a number starts a word, the ISBN-13 or the ISBN-10 of, each read through its
    /// index and no further than a broad search needs: more than `broadSearch` means broad.
    private static func rowids(startingWith number: String, _ scope: Scope, _ db: Database) throws -> [Int64] {
        let cap = broadSearch + 1
        let end = prefixEnd(number)
        var found: [Int64] = []
        var seen = Set<Int64>()
        func add(_ sql: String, _ arguments: StatementArguments) throws {
            for rowid in try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments) where seen.insert(rowid).inserted {
                found.append(rowid)
            }
        }
        try add("""
            SELECT rowid FROM recordSearchEntry INDEXED BY recordSearchEntry_isbn13
            WHERE entity = ? AND orgId = ? AND isbn13 >= ? AND isbn13 < ? LIMIT ?
            """, [scope.entity, scope.org, number, end, cap])
        guard found.count < cap else { return found }
        try add("""
            SELECT rowid FROM recordSearchEntry INDEXED BY recordSearchEntry_isbn10
            WHERE entity = ? AND orgId = ? AND isbn10 >= ? AND isbn10 < ? LIMIT ?
            """, [scope.entity, scope.org, number, end, cap])
        guard found.count < cap else { return found }
        try add("""
            SELECT e.rowid FROM recordSearch s CROSS JOIN recordSearchEntry e ON e.rowid = s.rowid
            WHERE s.recordSearch MATCH ? AND e.entity = ? AND e.orgId = ? LIMIT ?
            """, [SearchWords.ftsQuery(words: [number]), scope.entity, scope.org, cap])
        return found
    }

    /// A search's lines from `source` that pass every check: counted no further than a broad
    /// search needs, then a page of them in the list's order (a broad one's as found).
    private static func read(_ source: Source, checks: [NumberCheck], _ scope: Scope, limit: Int?,
                             _ db: Database) throws -> RecordPage {
        let (from, sourceCondition, sourceArguments) = source.sql(scope)
        let condition = ([sourceCondition] + checks.map(\.condition)).joined(separator: " AND ")
        var arguments = sourceArguments
        for check in checks { arguments += check.arguments }
        let records = "FROM \(from) CROSS JOIN record r ON r.entity = e.entity AND r.id = e.id WHERE \(condition)"
        func fetch(_ sql: String) throws -> [LocalRecord] {
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(SharedRecordStorage.record(from:))
        }
        guard let limit else {
            let all = try fetch("SELECT r.* \(records) ORDER BY e.sortKey \(scope.direction)")
            return RecordPage(records: all, total: all.count)
        }
        let counted = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM \(from) WHERE \(condition) LIMIT \(broadSearch + 1))",
                                       arguments: arguments) ?? 0
        if counted > broadSearch {
            return RecordPage(records: try fetch("SELECT r.* \(records) LIMIT \(limit)"), total: broadSearch, totalIsLowerBound: true)
        }
        return RecordPage(records: try fetch("SELECT r.* \(records) ORDER BY e.sortKey \(scope.direction) LIMIT \(limit)"),
                          total: counted)
    }

    /// How many lines come before the record's in the list's order (those with its own sort
    /// key counted too, so a page boundary among equals still reaches it); nil without a line.
    static func position(of id: String, _ type: RecordType, orgId: UUID, _ db: Database) throws -> Int? {
        let org = UUIDColumn.encode(orgId)
        guard let key = try String.fetchOne(db, sql: """
            SELECT sortKey FROM recordSearchEntry WHERE entity = ? AND id = ? AND orgId = ?
            """, arguments: [type.entity, id, org]) else { return nil }
        let before = try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM recordSearchEntry WHERE entity = ? AND orgId = ? AND sortKey \(type.orderDescending ? ">=" : "<=") ?
            """, arguments: [type.entity, org, key]) ?? 1
        return max(0, before - 1)
    }

    /// Every line of the type: the first `limit` in the list's order through the order index,
    /// and how many there are.
    private static func unsearched(_ scope: Scope, limit: Int?, _ db: Database) throws -> RecordPage {
        let total = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT COUNT(*) FROM recordSearchEntry WHERE entity = ? AND orgId = ?
            """), arguments: [scope.entity, scope.org]) ?? 0
        let limitClause = limit.map { "LIMIT \($0)" } ?? ""
        let rows = try Row.fetchAll(db, sql: """
            SELECT r.* FROM recordSearchEntry e INDEXED BY recordSearchEntry_order
            CROSS JOIN record r ON r.entity = e.entity AND r.id = e.id
            WHERE e.entity = ? AND e.orgId = ? ORDER BY e.sortKey \(scope.direction) \(limitClause)
            """, arguments: [scope.entity, scope.org])
        return RecordPage(records: try rows.map(SharedRecordStorage.record(from:)), total: total)
    }
}
