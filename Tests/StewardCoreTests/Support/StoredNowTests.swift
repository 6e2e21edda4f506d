import Foundation
import GRDB
import Testing
@testable import StewardCore

@Suite struct StoredNowTests {
    /// Records returned by a write are compared with the same records read back (tests and
    /// "nothing changed" checks): a time taken as `storedNow` must survive the database.
    @Test func nowReadsBackAsTheSameDate() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, d DATETIME NOT NULL)") }
        var differing: [Date] = []
        for id in 1...2000 {
            let now = Date.storedNow
            let read = try queue.write { db -> Date? in
                try db.execute(sql: "INSERT INTO t (id, d) VALUES (?, ?)", arguments: [id, now])
                return try Date.fetchOne(db, sql: "SELECT d FROM t WHERE id = ?", arguments: [id])
            }
            if read != now { differing.append(now) }
            if id % 200 == 0 { Thread.sleep(forTimeInterval: 0.0013) }
        }
        let count = differing.count
        #expect(count == 0, "\(differing.count) of 2000 read back as another date, e.g. \(differing.first.map { $0.timeIntervalSince1970 } ?? 0)")
    }
}
