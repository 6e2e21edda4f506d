import Foundation
import GRDB

extension DemoDataset {
    /// Adds `count` pending submissions by generated members to `org`, as a sync would have
    /// brought them (a store version, nothing to send): the approval queue at scale, for the
    /// benchmarks. Answers their ids, oldest first.
    public func addGeneratedSubmissions(_ count: Int, to org: Organization, seed: UInt64 = 7,
                                        reference: Date = Date()) throws -> [UUID] {
        let places = ["Riverside Park", "Kemble Park Pavilion", "Oneida Square", "Bagg's Square", "City Hall Plaza",
                      "Eastside Library", "Chancellor Park", "Parkway Recreation Center"]
        let kinds = ["Clean-up", "Block Party", "Book Swap", "Yoga in the Park", "Bike Repair Clinic", "Chess Meetup",
                     "Garden Work Day", "Tenants' Meeting", "Story Walk", "Food Drive"]
        let names = ["Rosa Delgado", "Marcus Chen", "Priya Raman", "Tomás Ortega", "Hannah Okafor", "Kim Nguyen"]
        var random = DemoRandom(seed: seed)
        var ids: [UUID] = []
        ids.reserveCapacity(count)
        for start in stride(from: 0, to: count, by: 2_000) {
            try database.writer.write { db in
                let version = try Int64.fetchOne(db, sql: "SELECT MAX(version) FROM record") ?? 0
                for index in start..<min(start + 2_000, count) {
                    let name = names[index % names.count]
                    let when = reference.addingTimeInterval(Double(3 + Int.random(in: 0..<60, using: &random)) * 86_400)
                    let event = EventDetails(title: "\(kinds[index % kinds.count]) #\(index + 1)",
                                             description: "Generated for the approval benchmark.",
                                             locationName: places[Int.random(in: 0..<places.count, using: &random)],
                                             timing: .timed(start: when, end: when.addingTimeInterval(7_200),
                                                            timeZone: org.timeZone.identifier)).syncFields
                    let submittedAt = reference.addingTimeInterval(-Double(count - index) * 60)
                    var submission = SubmissionRecord(event: event, submitterId: UUID().uuidString.lowercased(),
                                                      submitterName: name,
                                                      submitterEmail: "member\(index % 500)@residents.example",
                                                      at: submittedAt)
                    submission.move(to: .pending, by: "member:member\(index % 500)@residents.example", at: submittedAt,
                                    reason: "", basedOn: 0)
                    let record = LocalRecord(entity: RecordType.submission.entity, orgId: org.id,
                                             version: version + Int64(index - start) + 1, createdAt: reference,
                                             updatedAt: reference,
                                             fields: try RecordType.submission.validate(submission.json, orgZone: org.timeZone))
                    try RecordType.submission.storage.write(record, org: org, db)
                    ids.append(record.id)
                }
            }
        }
        return ids
    }
}
