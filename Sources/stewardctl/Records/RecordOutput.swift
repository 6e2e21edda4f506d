import Foundation
import StewardCore
import Translation

/// How records of a kit type print: JSON objects under the store's field names, a table of the
/// listed fields, or label-value lines for one record. All of it comes from the declaration.
struct RecordOutput: RecordPrinter {
    let type: RecordType
    let org: Organization
    /// When a status ("open", "due") is worked out.
    var now = Date()
    /// Titles of the records reference fields point at, by field name then id, so a message
    /// reads "Advent: Waiting Well" rather than the series' id.
    var referenceTitles: [String: [UUID: String]] = [:]

    init(_ type: RecordType, org: Organization) {
        self.type = type
        self.org = org
    }

    /// Loads the titles reference fields show.
    static func load(_ type: RecordType, org: Organization, service: RecordService) async throws -> RecordOutput {
        var output = RecordOutput(type, org: org)
        for (field, entity) in type.references {
            output.referenceTitles[field.name] = try await service.titles(of: entity, in: org)
        }
        return output
    }

    // MARK: JSON

    /// `id`, every field as the store holds it, `version`, `updatedAt`, and `status` when the
    /// type has one.
    func json(_ record: LocalRecord) -> JSONValue {
        var object: [String: JSONValue] = [:]
        if case .object(let fields) = record.fields { object = type.everyField(fields) }
        object["id"] = .string(record.key)
        object["version"] = .int(record.version)
        object["updatedAt"] = .string(DateTimeText.utc(record.updatedAt))
        if let status = type.statusKey(of: record.fields, now: now) { object["status"] = .string(status) }
        return .object(object)
    }

    // MARK: Text

    /// The id, the listed fields and the status, one record a row.
    func table(_ records: [LocalRecord]) -> [String] {
        let listed = type.fields.filter(\.isListed)
        var headers = [trc("table heading", "ID")] + listed.map { $0.label.uppercased() }
        if type.hasStatus { headers.append(trc("table heading", "STATUS")) }
        var table = Table(headers)
        for record in records {
            var row = [record.key] + listed.map { text($0, of: record).replacingOccurrences(of: "\n", with: ", ") }
            if let status = type.statusText(of: record.fields, now: now) { row.append(status) }
            table.append(row)
        }
        return table.lines
    }

    /// Every field with a value, one a line; the id first, the version and time of the last
    /// change last.
    func lines(_ record: LocalRecord) -> [String] {
        var lines = Record()
        lines.add(trc("output label", "id"), record.key)
        // Key by key, a timing's too: what scripts reading these lines have always seen.
        for field in type.wireFields {
            if case .list(let itemFields, _) = field.kind {
                lines.addIfPresent(field.label.lowercased(), items(record[field.name], fields: itemFields))
            } else {
                lines.addIfPresent(field.label.lowercased(), text(field, of: record))
            }
        }
        if let status = type.statusText(of: record.fields, now: now) { lines.add(trc("output label", "status"), status) }
        lines.add(trc("output label", "version"), String(record.version))
        lines.add(trc("output label", "updated"), DateTimeText.iso(record.updatedAt, zone: org.timeZone))
        return lines.lines
    }

    func removed(_ record: LocalRecord) -> String {
        tr("Removed {id}: {title}", ["id": record.key, "title": type.title(of: record.fields)])
    }

    /// A field's value as people read it; a reference by its record's title.
    private func text(_ field: FieldSpec, of record: LocalRecord) -> String {
        let value = record[field.name]
        if let titles = referenceTitles[field.name], let id = value?.stringValue.flatMap(UUID.init(uuidString:)),
           let title = titles[id] {
            return title
        }
        return field.kind.displayText(value, zone: org.timeZone)
    }

    /// A list field's items, numbered, each field with a value on a line of its own.
    private func items(_ value: JSONValue?, fields: [FieldSpec]) -> String {
        let items = value?.arrayValue ?? []
        return items.enumerated().map { index, item in
            fields.enumerated().compactMap { position, field in
                let text = field.kind.displayText(item[field.name], zone: org.timeZone)
                guard !text.isEmpty else { return nil }
                let indented = text.replacingOccurrences(of: "\n", with: "\n   ")
                return position == 0 ? "\(index + 1). \(indented)" : "   \(field.label.lowercased()): \(indented)"
            }.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
