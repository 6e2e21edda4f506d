import Foundation
import GRDB
import Testing
@testable import StewardCore

@Suite struct SyncEngineTests {
    // MARK: Push

    @Test func coalescingSendsOnlyTheNewestChangeOfARecord() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.rename(event.id, "Choir practice")
        try await f.rename(event.id, "Choir rehearsal")
        let other = try await f.create("Bake sale")
        #expect(try await f.outbox().count == 4)

        let report = try await f.engine().sync(org: f.org)

        #expect(report.pushed == 2)
        let sent = try #require(await f.store.pushRequests.first).mutations
        #expect(sent.map(\.recordId) == [UUIDColumn.encode(event.id), UUIDColumn.encode(other.id)])
        #expect(sent.map(\.id) == [1, 2])
        #expect(sent.first?.fields?["title"]?.stringValue == "Choir rehearsal")
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.remote().lastAssignedMutationId == 2)
        // The local rows carry the versions the store gave.
        #expect(try await f.event(event.id)?.version == (await f.store.record(event.id)?.version))
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aRecordInFlightGetsNoSecondMutationUntilAnswered() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        // Assigned, then "crash" before sending; an edit follows.
        await #expect(throws: SimulatedCrash.self) {
            _ = try await f.engine(failpoint: { if $0 == .afterAssign { throw SimulatedCrash() } }).sync(org: f.org)
        }
        try await f.rename(event.id, "Choir rehearsal")
        let outbox = try await f.outbox()
        #expect(outbox.map(\.mutationId) == [1, nil])

        try await f.engine().sync(org: f.org)

        let requests = await f.store.pushRequests
        #expect(requests.count == 2)
        // The first request is the assigned mutation as it was; the edit goes next, based on
        // the version the first one got.
        #expect(requests[0].mutations.map(\.id) == [1])
        #expect(requests[0].mutations[0].fields?["title"]?.stringValue == "Choir")
        #expect(requests[1].mutations.map(\.id) == [2])
        #expect(requests[1].mutations[0].baseVersion == 1)
        #expect(await f.store.record(event.id)?.fields["title"]?.stringValue == "Choir rehearsal")
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aChangeMadeAfterOneWaitingForItsRecordsAnswerIsNotSentBeforeIt() async throws {
        // Changes of different records can depend on each other (a book's return, then its next
        // loan): the store must get them in the order they were made. A sync that assigned ids
        // and stopped (offline, or killed) leaves the first record in flight; the edit of it that
        // follows waits for that answer, and so must everything made after the edit.
        let f = try await SyncFixture()
        let first = try await f.create("Choir")
        await #expect(throws: SimulatedCrash.self) {
            _ = try await f.engine(failpoint: { if $0 == .afterAssign { throw SimulatedCrash() } }).sync(org: f.org)
        }
        try await f.rename(first.id, "Choir rehearsal")
        let later = try await f.create("Bake sale")

        try await f.engine().sync(org: f.org)

        let sent = await f.store.pushRequests.flatMap(\.mutations)
        #expect(sent.map { "\($0.recordId) \($0.fields?["title"]?.stringValue ?? "")" }
                == ["\(UUIDColumn.encode(first.id)) Choir", "\(UUIDColumn.encode(first.id)) Choir rehearsal",
                    "\(UUIDColumn.encode(later.id)) Bake sale"])
        #expect(sent.map(\.id) == [1, 2, 3])
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func batchesGoInOrderWhileTheNextIsPreparedAndAnEditWaitsForItsRecordsAnswer() async throws {
        let f = try await SyncFixture()
        var events: [Event] = []
        for title in ["Choir", "Bake sale", "Youth night", "Food pantry", "Men's breakfast"] {
            events.append(try await f.create(title))
        }
        let first = events[0]
        let database = f.database
        let zone = f.org.timeZone
        let prepared = Counter()
        let engine = f.engine(pushBatchSize: 2, failpoint: { point in
            // The second batch is read while the first is at the store: the person edits a
            // record of the first batch just then.
            guard point == .afterAssign, prepared.next() == 2 else { return }
            try database.writer.write { db in
                var row = try EventStore.fetch(first.id, db)
                row.details.title = "Choir rehearsal"
                try EventStore.save(row, orgZone: zone, db)
            }
        })

        let report = try await engine.push(org: f.org)

        let requests = await f.store.pushRequests
        #expect(requests.map { $0.mutations.map(\.id) } == [[1, 2], [3, 4], [5, 6]])
        // The edit was given an id only once the first batch's answer was applied, and is
        // based on the version that answer gave.
        #expect(requests[2].mutations[1].recordId == UUIDColumn.encode(first.id))
        #expect(requests[2].mutations[1].baseVersion == 1)
        #expect(report.pushed == 6)
        #expect(await f.store.maxApplications() == 1)
        #expect(await f.store.record(first.id)?.fields["title"]?.stringValue == "Choir rehearsal")
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aLostAnswerIsResentWithTheSameIdsAndAppliedOnce() async throws {
        let f = try await SyncFixture()
        let a = try await f.create("Choir")
        let b = try await f.create("Bake sale")
        await f.store.failPushes([.loseAnswer(.connectionLost("reset by peer"))])

        let report = try await f.engine().sync(org: f.org)

        let requests = await f.store.pushRequests
        #expect(requests.count == 2)
        #expect(requests[0] == requests[1])
        #expect(report.pushed == 2)
        #expect(await f.store.maxApplications() == 1)
        #expect(await f.store.lastSeq == 2)
        #expect(try await f.event(a.id)?.version == 1)
        #expect(try await f.event(b.id)?.version == 2)
        #expect(try await f.outbox().isEmpty)
    }

    @Test func aCrashAfterTheStoreAnsweredIsSettledByTheReplay() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        await #expect(throws: SimulatedCrash.self) {
            _ = try await f.engine(failpoint: { if $0 == .afterSend { throw SimulatedCrash() } }).sync(org: f.org)
        }
        // The store has it; the console does not know yet.
        #expect(await f.store.record(event.id)?.version == 1)
        #expect(try await f.outbox().map(\.mutationId) == [1])
        #expect(try await f.event(event.id)?.version == 0)

        let report = try await f.engine().sync(org: f.org)

        #expect(report.pushed == 1)
        #expect(await f.store.maxApplications() == 1)
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.event(event.id)?.version == 1)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func anEditWhileInFlightKeepsItsFieldsAndTakesTheAnsweredVersion() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        let edited = Edited()
        let database = f.database
        let zone = f.org.timeZone
        let engine = f.engine(failpoint: { point in
            // Between the store's answer and its application, the person edits the event.
            if point == .afterSend, edited.mark() {
                try database.writer.write { db in
                    var row = try EventStore.fetch(event.id, db)
                    row.details.title = "Choir rehearsal"
                    try EventStore.save(row, orgZone: zone, db)
                }
            }
        })
        let report = try await engine.push(org: f.org)

        #expect(report.pushed == 2)
        let requests = await f.store.pushRequests
        #expect(requests.count == 2)
        #expect(requests[1].mutations.first?.baseVersion == 1)
        #expect(try await f.event(event.id)?.details.title == "Choir rehearsal")
        #expect(try await f.event(event.id)?.version == 2)
        #expect(try await f.outbox().isEmpty)
    }

    @Test func aRejectedChangeBecomesADeadLetterAndTheQueueMovesOn() async throws {
        let f = try await SyncFixture()
        let bad = try await f.create("Refused")
        let good = try await f.create("Accepted")
        await f.store.setRefused(bad.id, reason: "title: is not allowed")

        let report = try await f.engine().sync(org: f.org)

        #expect(report.rejected == 1)
        #expect(report.pushed == 1)
        let letters = try await f.deadLetters()
        #expect(letters.count == 1)
        #expect(letters.first?.recordId == bad.id)
        #expect(letters.first?.reason == "title: is not allowed")
        #expect(letters.first?.mutationId == 1)
        #expect(try JSONValue.parse(try #require(letters.first?.payload))["title"]?.stringValue == "Refused")
        #expect(try await f.outbox().isEmpty)
        // A refusal takes no version on the store: the accepted change got the first one.
        #expect(try await f.event(good.id)?.version == 1)
        #expect(try await f.event(bad.id)?.version == 0)
    }

    @Test func aReplayedRejectionIsADeadLetterToo() async throws {
        let f = try await SyncFixture()
        let bad = try await f.create("Refused")
        await f.store.setRefused(bad.id, reason: "no")
        await f.store.failPushes([.loseAnswer(.timedOut)])

        let report = try await f.engine().sync(org: f.org)

        #expect(report.rejected == 1)
        #expect(try await f.deadLetters().map(\.reason) == ["no"])
        #expect(try await f.outbox().isEmpty)
    }

    // MARK: Conflicts

    /// A record synced at version 1, changed on the store (version 2) and here (based on 1).
    private func conflicted() async throws -> (SyncFixture, Event) {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        await f.store.remoteWrite(event.id, title: "Choir (from the app)")
        try await f.rename(event.id, "Choir (from the console)")
        return (f, event)
    }

    @Test func aConflictKeepsBothSidesAndTheLocalRow() async throws {
        let (f, event) = try await conflicted()

        let report = try await f.engine().sync(org: f.org)

        #expect(report.conflicts == 1)
        #expect(report.pushed == 0)
        let conflicts = try await f.conflicts()
        #expect(conflicts.count == 1)
        let conflict = try #require(conflicts.first)
        #expect(conflict.recordId == event.id)
        #expect(conflict.localFields?["title"]?.stringValue == "Choir (from the console)")
        #expect(conflict.localDeleted == false)
        #expect(conflict.remote?.version == 2)
        #expect(conflict.remote?.fields["title"]?.stringValue == "Choir (from the app)")
        // The pull that followed did not overwrite the local edit.
        #expect(try await f.event(event.id)?.details.title == "Choir (from the console)")
        #expect(try await f.event(event.id)?.version == 1)
        #expect(try await f.outbox().isEmpty)
    }

    @Test func keepingTheLocalSideSendsItOnTopOfTheStoresVersion() async throws {
        let (f, event) = try await conflicted()
        try await f.engine().sync(org: f.org)
        let id = try #require(try await f.conflicts().first?.id)

        try await f.engine().resolve(conflictId: id, keep: .local)

        #expect(try await f.conflicts().isEmpty)
        let outbox = try await f.outbox()
        #expect(outbox.count == 1)
        #expect(outbox.first?.entry.baseVersion == 2)
        #expect(outbox.first?.mutationId == nil)
        #expect(try await f.event(event.id)?.version == 2)

        let report = try await f.engine().sync(org: f.org)

        #expect(report.pushed == 1)
        #expect(report.conflicts == 0)
        #expect(await f.store.record(event.id)?.fields["title"]?.stringValue == "Choir (from the console)")
        #expect(await f.store.record(event.id)?.version == 3)
        #expect(try await f.event(event.id)?.version == 3)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func keepingTheRemoteSideTakesTheStoresRecord() async throws {
        let (f, event) = try await conflicted()
        try await f.engine().sync(org: f.org)
        // Another local edit while the conflict is open: held, not sent.
        try await f.rename(event.id, "Choir (edited again)")
        try await f.engine().sync(org: f.org)
        #expect(await f.store.pushRequests.count == 2)
        let id = try #require(try await f.conflicts().first?.id)

        try await f.engine().resolve(conflictId: id, keep: .remote)

        #expect(try await f.conflicts().isEmpty)
        #expect(try await f.outbox().isEmpty)
        let row = try #require(try await f.event(event.id))
        #expect(row.details.title == "Choir (from the app)")
        #expect(row.version == 2)
        #expect(try await f.dump() == (await f.store.dump()))
        await #expect(throws: SyncError.conflictNotFound(id)) {
            try await f.engine().resolve(conflictId: id, keep: .remote)
        }
    }

    @Test func aReplayedConflictWithoutTheRecordIsCompletedByAFullPull() async throws {
        let (f, event) = try await conflicted()
        await f.store.failPushes([.loseAnswer(.timedOut)])

        let report = try await f.engine().sync(org: f.org)

        #expect(report.conflicts == 1)
        // The replay carried no record; the full pull that followed brought it.
        #expect(await f.store.pullCursors.last == "")
        let conflict = try #require(try await f.conflicts().first)
        #expect(conflict.remote?.version == 2)
        #expect(conflict.remote?.fields["title"]?.stringValue == "Choir (from the app)")
        #expect(try await f.event(event.id)?.details.title == "Choir (from the console)")
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        let local = try await f.rename(event.id, "Choir rehearsal")
        let fields = local.details.syncFields
        await f.store.remoteWrite(event.id, title: "Choir rehearsal",
                                  starts: fields["startsAt"]!.stringValue!, ends: fields["endsAt"]!.stringValue!)

        let report = try await f.engine().sync(org: f.org)

        #expect(report.conflicts == 0)
        #expect(try await f.conflicts().isEmpty)
        #expect(try await f.event(event.id)?.version == 2)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    // MARK: Pull

    @Test func pullBringsNewRecordsEditsAndTombstones() async throws {
        let f = try await SyncFixture()
        let mine = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        let theirs = UUID()
        await f.store.remoteWrite(theirs, title: "Youth night")
        await f.store.remoteWrite(mine.id, title: "Choir (renamed in the app)")
        let gone = UUID()
        await f.store.remoteWrite(gone, title: "Cancelled")
        await f.store.remoteDelete(gone)

        let report = try await f.engine().sync(org: f.org)

        #expect(report.pulled == 3)
        #expect(try await f.event(theirs)?.details.title == "Youth night")
        #expect(try await f.event(theirs)?.orgId == f.org.id)
        #expect(try await f.event(mine.id)?.details.title == "Choir (renamed in the app)")
        #expect(try await f.event(gone)?.deleted == true)
        // Pulled changes are not sent back.
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.remote().cursor == "s1.5")
        #expect(try await f.dump() == (await f.store.dump()))
        // The lists see the pulled records.
        #expect(try await f.events.keys(for: EventQuery(orgId: f.org.id)).count == 2)
    }

    @Test func pullNeverOverwritesAPendingLocalEdit() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        await f.store.remoteWrite(event.id, title: "From the app")
        try await f.rename(event.id, "From the console")

        let report = try await f.engine().pull(org: f.org)

        #expect(report.pulled == 0)
        #expect(try await f.event(event.id)?.details.title == "From the console")
        #expect(try await f.event(event.id)?.version == 1)
        #expect(try await f.outbox().count == 1)
        // The cursor still moved past the change: the push will meet it as a conflict.
        #expect(try await f.remote().cursor == "s1.2")
    }

    @Test func aCrashBetweenPagesKeepsTheFirstPageAndItsCursor() async throws {
        let f = try await SyncFixture()
        let ids = (0..<5).map { _ in UUID() }
        for (index, id) in ids.enumerated() { await f.store.remoteWrite(id, title: "Event \(index)") }
        let small = SyncOptions(pullPageSize: 2, retry: RetryPolicy(maxAttempts: 1),
                                failpointHook: { if $0 == .midPull { throw SimulatedCrash() } })
        let store = f.store
        await #expect(throws: SimulatedCrash.self) {
            _ = try await SyncEngine(database: f.database, options: small, transport: { _ in store }).pull(org: f.org)
        }
        #expect(try await f.remote().cursor == "s1.2")
        #expect(try await f.event(ids[1]) != nil)
        #expect(try await f.event(ids[2]) == nil)

        let report = try await SyncEngine(database: f.database, options: SyncOptions(pullPageSize: 2),
                                          transport: { _ in store }).pull(org: f.org)

        #expect(report.pulled == 3)
        #expect(await f.store.pullCursors == ["", "s1.2", "s1.4"])
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aPageThatFailsToApplyLeavesNeitherItsRecordsNorItsCursor() async throws {
        let f = try await SyncFixture()
        let first = UUID()
        let second = UUID()
        await f.store.remoteWrite(first, title: "Fine")
        await f.store.remoteWrite(second, title: "Poison")
        // A trigger that fails the transaction at the second record of the page.
        try await f.database.writer.write { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER poison BEFORE INSERT ON event WHEN new.title = 'Poison'
                BEGIN SELECT RAISE(ABORT, 'poisoned'); END
                """)
        }
        await #expect(throws: DatabaseError.self) {
            _ = try await f.engine().pull(org: f.org)
        }
        #expect(try await f.event(first) == nil)
        #expect(try await f.remote().cursor == "")

        try await f.database.writer.write { db in try db.execute(sql: "DROP TRIGGER poison") }
        let report = try await f.engine().pull(org: f.org)
        #expect(report.pulled == 2)
        #expect(try await f.remote().cursor == "s1.2")
    }

    @Test func resyncAfter410DropsWhatTheStoreNoLongerHas() async throws {
        let f = try await SyncFixture()
        let kept = try await f.create("Kept")
        let removed = try await f.create("Removed elsewhere")
        let editedHere = try await f.create("Edited here")
        try await f.engine().sync(org: f.org)
        await f.store.remoteDelete(removed.id)
        await f.store.remoteDelete(editedHere.id)
        await f.store.purgeTombstones()
        try await f.rename(editedHere.id, "Edited here, again")
        let unsent = try await f.create("Never sent")
        // Only pull: the pending edit must survive the drop.
        let report = try await f.engine().pull(org: f.org)

        #expect(report.resynced)
        #expect(report.dropped == 1)
        // The first sync read from the start; this pull met 410 and read from the start again.
        #expect(await f.store.pullCursors == ["", "s1.3", ""])
        #expect(try await f.event(removed.id) == nil)
        #expect(try await f.event(kept.id) != nil)
        #expect(try await f.event(editedHere.id)?.details.title == "Edited here, again")
        #expect(try await f.event(unsent.id) != nil)
        let remote = try await f.remote()
        #expect(remote.resyncing == false)
        #expect(remote.cursor == "s1.1.p5")
        #expect(try await f.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM resyncSeen") } == 0)
    }

    @Test func aResyncInterruptedByACrashResumesAsAResync() async throws {
        let f = try await SyncFixture()
        let gone = try await f.create("Gone")
        try await f.engine().sync(org: f.org)
        let fresh = (0..<3).map { _ in UUID() }
        for id in fresh { await f.store.remoteWrite(id, title: "New") }
        await f.store.remoteDelete(gone.id)
        await f.store.purgeTombstones()
        let store = f.store
        let crashing = SyncOptions(pullPageSize: 1, resyncPageSize: 1, retry: RetryPolicy(maxAttempts: 1),
                                   failpointHook: { if $0 == .midPull { throw SimulatedCrash() } })
        // The console's cursor (s1.1) is older than the purge.
        #expect(try await f.remote().cursor == "s1.1")
        await #expect(throws: SimulatedCrash.self) {
            _ = try await SyncEngine(database: f.database, options: crashing, transport: { _ in store }).pull(org: f.org)
        }
        #expect(try await f.remote().resyncing)
        #expect(try await f.event(gone.id) != nil)

        let report = try await SyncEngine(database: f.database, options: SyncOptions(pullPageSize: 1, resyncPageSize: 1),
                                          transport: { _ in store }).pull(org: f.org)

        #expect(report.resynced)
        // The resync went on from where it stopped.
        // (First sync; 410; the resync's first page, then the crash; the rest of the resync.)
        #expect(await f.store.pullCursors == ["", "s1.1", "", "s1.2.p5", "s1.3.p5"])
        #expect(report.dropped == 1)
        #expect(try await f.event(gone.id) == nil)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    // MARK: Failures

    @Test func transientFailuresAreRetriedWithTheSameBatch() async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        await f.store.failPushes([
            .fail(.status(503, ErrorResponse(error: "unavailable", message: "database busy"))),
            .fail(.transport(.timedOut)),
        ])
        await f.store.failPulls([.fail(.transport(.couldNotConnect("connection refused")))])

        let report = try await f.engine().sync(org: f.org)

        #expect(report.pushed == 1)
        let requests = await f.store.pushRequests
        #expect(requests.count == 3)
        #expect(Set(requests).count == 1)
        #expect(await f.store.pullCursors == ["", ""])
        #expect(try await f.outbox().isEmpty)
    }

    @Test func retriesGiveUpWithStoreUnreachableAndKeepTheChanges() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        let unavailable = SyncTransportError.status(503, ErrorResponse(error: "unavailable", message: "down"))
        await f.store.failPushes(Array(repeating: .fail(unavailable), count: 3))

        await #expect(throws: SyncError.storeUnreachable(url: "https://fake.store", reason: "it answered 503 unavailable: down")) {
            _ = try await f.engine(attempts: 3).sync(org: f.org)
        }
        #expect(await f.store.pushRequests.count == 3)
        #expect(try await f.outbox().map(\.mutationId) == [1])

        // Next time, the same mutation goes out.
        try await f.engine().sync(org: f.org)
        #expect(await f.store.pushRequests.last?.mutations.map(\.id) == [1])
        #expect(try await f.event(event.id)?.version == 1)
    }

    @Test func unauthorizedAndForbiddenAreNotRetried() async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        await f.store.failPushes([.fail(.status(401, ErrorResponse(error: "unauthorized", message: "bad token")))])
        await #expect(throws: SyncError.unauthorized(url: "https://fake.store")) {
            _ = try await f.engine().sync(org: f.org)
        }
        await f.store.failPushes([.fail(.status(403, ErrorResponse(error: "forbidden", message: "reader role")))])
        await #expect(throws: SyncError.forbidden(url: "https://fake.store", message: "reader role")) {
            _ = try await f.engine().sync(org: f.org)
        }
        #expect(await f.store.pushRequests.count == 2)
        #expect(try await f.outbox().count == 1)
    }

    @Test func aMutationGapRenumbersWhatTheStoreHasNotSeen() async throws {
        let f = try await SyncFixture()
        try await f.create("One")
        try await f.create("Two")
        try await f.engine().sync(org: f.org)
        let client = try await f.remote().clientId
        // The store is restored from a backup that has only the first mutation.
        await f.store.forgetMutations(of: client, after: 1)
        let third = try await f.create("Three")

        let report = try await f.engine().sync(org: f.org)

        #expect(report.pushed == 1)
        let requests = await f.store.pushRequests
        #expect(requests.map { $0.mutations.map(\.id) } == [[1, 2], [3], [2]])
        #expect(try await f.remote().lastAssignedMutationId == 2)
        #expect(await f.store.record(third.id) != nil)
        #expect(try await f.outbox().isEmpty)
    }

    @Test func syncWithoutAConnectionSaysSo() async throws {
        let database = try AppDatabase.inMemory()
        let org = try await OrganizationService(database: database)
            .add(slug: "gym", name: "Gym", timeZone: "UTC", kind: .gym)
        await #expect(throws: SyncError.notConnected(slug: "gym")) {
            _ = try await SyncEngine(database: database, transport: { _ in FakeStore() }).sync(org: org)
        }
    }

    @Test func aReportAndAStatusCountWhatHappened() async throws {
        let (f, _) = try await conflicted()
        try await f.create("New")
        let report = try await f.engine().sync(org: f.org)
        #expect(report.summary == "pushed 1, pulled 0, conflicts 1, rejected 0")
        let status = try await RemoteService(database: f.database).status(for: f.org)
        #expect(status.conflicts == 1)
        #expect(status.pending == 0)
        #expect(status.remote?.lastSyncAt != nil)
    }
}

/// True the first time only.
final class Edited: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func mark() -> Bool { lock.withLock { defer { done = true }; return !done } }
}

/// Counts calls from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The number of this call, from 1.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
