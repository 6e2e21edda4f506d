import Foundation

extension RecordService {
    /// "Copy last week's": a new draft of the same bulletin dated a week later, with the same
    /// sections, not published (staff check it, then set its publish time). A title that names
    /// the date names the new one (`DatedTitle`).
    public func copyBulletinToNextWeek(_ id: UUID, in org: Organization) async throws -> LocalRecord {
        let type = RecordType.bulletin
        guard let original = try await record(type, id: id, in: org) else {
            throw RecordServiceError.notFound(noun: type.noun, id: id)
        }
        guard case .object(var fields) = original.fields else { return original }
        if let date = fields["date"]?.stringValue.flatMap(LocalDate.init(iso:)) {
            let next = date.adding(days: 7)
            fields["date"] = .string(next.description)
            if let title = fields["title"]?.stringValue {
                fields["title"] = .string(DatedTitle.moved(title, from: date, to: next))
            }
        }
        fields["publishAt"] = .null
        fields["expireAt"] = .null
        return try await create(type, fields: .object(fields), in: org)
    }
}
