import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// A repeating passport event checks in date by date, on every backend: each date's own window,
/// its own code (from the key and the date), and its own stamp.
@Suite("CheckInSeries")
struct CheckInSeriesTests {
    /// A daily series whose second date is going on now (started an hour ago, two hours long):
    /// its id, secret, and the keys of yesterday's and today's dates. In UTC, so a change of
    /// daylight-saving time overnight moves neither date.
    static func dailySeries(_ store: TestStore, stamps: Int = 2) async throws
        -> (id: String, secret: [UInt8], yesterday: String, today: String, todayStart: Date) {
        let now = Date()
        let todayStart = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 - 3600) / 60).rounded(.down) * 60)
        var details = EventDetails(title: "Morning prayer",
                                   timing: .timed(start: todayStart.addingTimeInterval(-86_400),
                                                  end: todayStart.addingTimeInterval(-86_400 + 7200), timeZone: "UTC"))
        details.repeats = EventRepeats(rule: try RepeatRule("FREQ=DAILY;COUNT=5"))
        let event = try await CheckInTests.passportEvent(store, fields: details.syncFields, stamps: stamps)
        let keys = Event(id: UUID(uuidString: event.id)!, orgId: UUID(), details: details)
            .occurrences(from: todayStart.addingTimeInterval(-86_400), to: todayStart.addingTimeInterval(1), zone: .gmt)
            .map(\.occurrence)
        #expect(keys.count == 2, "\(keys)")
        return (event.id, event.secret, keys.first ?? "", keys.last ?? "", todayStart)
    }

    static func checkIn(_ store: TestStore, _ member: TestMember, event: String, occurrence: String? = nil,
                        code: String) async throws -> TestResponse {
        var body: [String: JSONValue] = ["event": .string(event), "code": .string(code)]
        if let occurrence { body["occurrence"] = .string(occurrence) }
        return try await store.request(.post, "/v1/orgs/\(store.org)/me/check-ins", token: member.access,
                                       body: store.json(.object(body)))
    }

    @Test("two dates of a series each give the event's stamps once; the entries name their dates",
          arguments: Backend.available)
    func eachDateOnce(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let series = try await Self.dailySeries(store, stamps: 3)
            let today = CheckInOccurrences.code(secret: series.secret, occurrence: series.today).code(at: Date())
            let response = try await Self.checkIn(store, member, event: series.id, code: today)
            #expect(response.status == .created, "\(response.text)")
            let answer = try JSONValue.parse(Data(response.body.readableBytesView))
            #expect(answer["entry"]?["occurrence"]?.stringValue == series.today)
            #expect(answer["total"]?.int64Value == 3)
            let again = try await Self.checkIn(store, member, event: series.id, occurrence: series.today, code: today)
            #expect(again.errorBody?.error == ErrorResponse.Code.alreadyCheckedIn, "\(again.text)")

            // Yesterday's date, checked in yesterday while it was on: a stamp of its own.
            let yesterdayAt = series.todayStart.addingTimeInterval(-86_400 + 1800)
            let yesterday = CheckInOccurrences.code(secret: series.secret, occurrence: series.yesterday).code(at: yesterdayAt)
            let earlier = try await StoreCheckIns.checkIn(event: series.id, code: yesterday, memberId: member.id,
                                                          email: member.email, org: store.org, repository: store.repository,
                                                          now: yesterdayAt)
            #expect(earlier.total == 6)
            await #expect(throws: MemberCheckIns.Failure.self) {
                _ = try await StoreCheckIns.checkIn(event: series.id, code: yesterday, memberId: member.id, email: member.email,
                                                    org: store.org, repository: store.repository, now: yesterdayAt)
            }

            let entries = try await CheckInTests.stamps(store, member: member.id)
            #expect(Set(entries.compactMap { $0.fields["occurrence"]?.stringValue }) == [series.yesterday, series.today])
            #expect(entries.allSatisfy { (try? RecordType.stamp.validate($0.fields, orgZone: .gmt)) == $0.fields })
            #expect(Set(entries.map(\.id)) == [
                CheckInRules.entryId(member: member.id, event: series.id, occurrence: series.yesterday),
                CheckInRules.entryId(member: member.id, event: series.id, occurrence: series.today),
            ])
        }
    }

    @Test("a date's code is refused at another date, and a past date named now is closed",
          arguments: Backend.available)
    func codePerDate(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let series = try await Self.dailySeries(store)
            let now = Date()
            // Yesterday's date's code as it would show now, and as it showed yesterday.
            let otherDate = CheckInOccurrences.code(secret: series.secret, occurrence: series.yesterday).code(at: now)
            let seriesKey = CheckInCode(secret: series.secret).code(at: now)
            let today = CheckInOccurrences.code(secret: series.secret, occurrence: series.today).code(at: now)
            for code in [otherDate, seriesKey] where code != today {
                let refused = try await Self.checkIn(store, member, event: series.id, code: code)
                #expect(refused.status == .unprocessableContent, "\(refused.text)")
                #expect(refused.errorBody?.error == ErrorResponse.Code.wrongCode, "\(refused.text)")
            }
            let shownYesterday = CheckInOccurrences.code(secret: series.secret, occurrence: series.yesterday)
                .code(at: series.todayStart.addingTimeInterval(-86_400 + 1800))
            if shownYesterday != today {
                let replayed = try await Self.checkIn(store, member, event: series.id, code: shownYesterday)
                #expect(replayed.status == .unprocessableContent, "\(replayed.text)")
            }
            let closed = try await Self.checkIn(store, member, event: series.id, occurrence: series.yesterday, code: otherDate)
            #expect(closed.errorBody?.error == ErrorResponse.Code.checkInClosed, "\(closed.text)")
            let notADate = try await Self.checkIn(store, member, event: series.id, occurrence: "2020-01-01T07:00", code: today)
            #expect(notADate.status == .badRequest, "\(notADate.text)")
            #expect(notADate.text.contains("occurrence"))
            #expect(try await CheckInTests.stamps(store, member: member.id).isEmpty)

            // Yesterday, today's code was not the one to type either.
            let yesterdayAt = series.todayStart.addingTimeInterval(-86_400 + 1800)
            let early = CheckInOccurrences.code(secret: series.secret, occurrence: series.today).code(at: yesterdayAt)
            let shown = CheckInOccurrences.code(secret: series.secret, occurrence: series.yesterday).code(at: yesterdayAt)
            if early != shown {
                await #expect(throws: MemberCheckIns.Failure.self) {
                    _ = try await StoreCheckIns.checkIn(event: series.id, code: early, memberId: member.id, email: member.email,
                                                        org: store.org, repository: store.repository, now: yesterdayAt)
                }
            }
            #expect(try await CheckInTests.stamps(store, member: member.id).isEmpty)
        }
    }

    @Test("an event that happens once checks in as before: its key's own code, no date in the entry or the answer",
          arguments: Backend.available)
    func singleAsBefore(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let event = try await CheckInTests.passportEvent(store, fields: CheckInTests.now())
            let code = CheckInCode(secret: event.secret).code(at: Date())
            let named = try await Self.checkIn(store, member, event: event.id, occurrence: "2026-12-02T19:00", code: code)
            #expect(named.status == .badRequest, "\(named.text)")
            let response = try await CheckInTests.checkIn(store, member, event: event.id, code: code)
            #expect(response.status == .created, "\(response.text)")
            let answer = try JSONValue.parse(Data(response.body.readableBytesView))
            guard case .object(let entry)? = answer["entry"] else { Issue.record("no entry: \(response.text)"); return }
            #expect(Set(entry.keys) == ["id", "event", "stamps", "at"])
            let entries = try await CheckInTests.stamps(store, member: member.id)
            #expect(entries.map(\.id) == [CheckInRules.entryId(member: member.id, event: event.id)])
            #expect(entries.first?.fields["occurrence"] == nil)
        }
    }
}
