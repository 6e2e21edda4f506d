import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// `GET /v1/orgs/{org}/trainers`: the gym's trainer profiles as members read them, each with
/// the names of the classes the mirror says they teach in the coming four weeks (cancelled,
/// dropped and past classes left out).
@Suite("The apps' read side: trainer profiles")
struct TrainerReadTests {
    static func minute(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.string(from: date)
    }

    @Test("each profile lists the classes its trainer teaches soon, matched by name", arguments: Backend.available)
    func profilesWithClasses(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let now = Date()
            let day: Double = 86_400
            // The fixture's classes are all Priya Natarajan's.
            let classes = [
                try ClassReadTests.gymClass("Vinyasa Flow", starts: Self.minute(now.addingTimeInterval(day))),
                try ClassReadTests.gymClass("Vinyasa Flow", starts: Self.minute(now.addingTimeInterval(3 * day))),
                try ClassReadTests.gymClass("Prenatal Yoga", starts: Self.minute(now.addingTimeInterval(2 * day))),
                try ClassReadTests.gymClass("Spin 45", starts: Self.minute(now.addingTimeInterval(day)), cancelled: true),
                try ClassReadTests.gymClass("Dropped", starts: Self.minute(now.addingTimeInterval(day)), removed: true),
                try ClassReadTests.gymClass("Long Gone", starts: Self.minute(now.addingTimeInterval(-3 * day))),
                try ClassReadTests.gymClass("Far Ahead", starts: Self.minute(now.addingTimeInterval(40 * day))),
            ]
            var mutations = try classes.enumerated().map { index, json in
                try KitFixtures.upsert(Int64(index + 1), RecordType.gymClass.entity, Fixtures.newRecordId(), json)
            }
            mutations.append(try KitFixtures.upsert(8, RecordType.trainer.entity, Fixtures.newRecordId(), """
                {"name": "priya natarajan ", "specialties": ["yoga", "prenatal"], "bio": "Yoga and prenatal classes.",
                 "photoURL": "https://ironworks-gym.example/team/priya.jpg"}
                """))
            mutations.append(try KitFixtures.upsert(9, RecordType.trainer.entity, Fixtures.newRecordId(), """
                {"name": "Alex Rivera", "specialties": ["strength"], "bio": "", "photoURL": null}
                """))
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: mutations))
            #expect(answer.results.allSatisfy { $0.status == .applied }, "\(answer.results)")

            let read = try await store.request(.get, "/v1/orgs/\(store.org)/trainers", token: store.reader)
            #expect(read.status == .ok, "\(read.text)")
            let items = try JSONValue.parse(read.text)["items"]?.arrayValue ?? []
            #expect(items.compactMap { $0["name"]?.stringValue } == ["Alex Rivera", "priya natarajan"])
            let priya = try #require(items.last)
            #expect(priya["classes"]?.arrayValue?.compactMap(\.stringValue) == ["Prenatal Yoga", "Vinyasa Flow"])
            #expect(priya["specialties"]?.arrayValue?.compactMap(\.stringValue) == ["yoga", "prenatal"])
            #expect(items.first?["classes"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test("a photo on plain http is refused when pushed", arguments: Backend.available)
    func plainHTTPPhotoRefused(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                try KitFixtures.upsert(1, RecordType.trainer.entity, Fixtures.newRecordId(), """
                    {"name": "Sam Okafor", "photoURL": "http://ironworks-gym.example/sam.jpg"}
                    """),
            ]))
            #expect(answer.results.first?.status == .rejected, "\(answer.results)")
            #expect(answer.results.first?.reason?.contains("photoURL") == true || answer.results.first?.reason?.contains("https") == true,
                    "\(answer.results)")
        }
    }
}
