import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import StewardMedia
import StewardMediaDuration
import Translation

extension MediaKind: ExpressibleByArgument {}

/// How media items print: JSON objects (`id`, `fileName`, `kind`, `contentType`, `size`,
/// `sha256`, `durationSeconds`, `url` (null until uploaded), `addedAt`, `usedBy`: each record's
/// `entity`, `id`, `title`, `field` and, for a list's items, `itemField`) or lines.
enum MediaOutput {
    /// The library of the database this run uses: its files beside the database file, running
    /// times read with GStreamer.
    static func library(_ global: GlobalOptions, database: AppDatabase) -> MediaLibrary {
        MediaLibrary(database: database, folder: .beside(databaseAt: global.resolvedPath),
                     durationReader: MediaDiscoverer.seconds(of:))
    }

    static func itemId(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("id: " + tr("must be a media id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f, as `{command}` prints it (got \"{value}\")",
                                             ["command": "stewardctl media list", "value": text]))
        }
        return id
    }

    /// The item `id` names and the organization it belongs to: with `--org`, looked for in that
    /// organization only; without, in any (an id names one item wherever it is). An id found
    /// nowhere is `MediaLibraryError.notFound` (exit 1), however many organizations there are.
    static func find(_ id: UUID, _ org: OrganizationOption, library: MediaLibrary,
                     database: AppDatabase) async throws -> (item: MediaItem, organization: Organization) {
        if org.slug != nil {
            let organization = try await org.resolve(in: database)
            guard let item = try await library.item(id, in: organization) else { throw MediaLibraryError.notFound(id: id) }
            return (item, organization)
        }
        guard let item = try await library.item(id),
              let owner = try await OrganizationService(database: database).all().first(where: { $0.id == item.orgId })
        else { throw MediaLibraryError.notFound(id: id) }
        return (item, owner)
    }

    static func json(_ item: MediaItem, usedBy: [MediaUse]) -> JSONValue {
        .object([
            "id": .string(item.key),
            "fileName": .string(item.fileName),
            "kind": .string(item.kind.rawValue),
            "contentType": .string(item.contentType),
            "size": .int(item.size),
            "sha256": .string(item.sha256),
            "durationSeconds": .optional(item.durationSeconds),
            "width": item.width.map { .int(Int64($0)) } ?? .null,
            "height": item.height.map { .int(Int64($0)) } ?? .null,
            "url": .optional(item.url),
            "uploadRefusal": .optional(item.uploadRefusal),
            "addedAt": .string(DateTimeText.utc(item.addedAt)),
            "uploadedAt": .optional(item.uploadedAt.map(DateTimeText.utc)),
            "removedAt": .optional(item.removedAt.map(DateTimeText.utc)),
            "usedBy": .array(usedBy.map { use in
                var fields: [String: JSONValue] = [
                    "entity": .string(use.entity), "id": .string(use.id.uuidString.lowercased()),
                    "title": .string(use.title), "field": .string(use.field),
                ]
                // A file in a list's items (a profile's banners): the list is `field`, the
                // media field of its items this.
                if let itemField = use.itemField { fields["itemField"] = .string(itemField) }
                return .object(fields)
            }),
        ])
    }

    /// "ID  KIND  SIZE  NAME  STATE", one a line.
    static func table(_ items: [MediaItem]) -> [String] {
        var table = Table([trc("table heading", "ID"), trc("table heading", "KIND"), trc("table heading", "SIZE"),
                           trc("table heading", "FILE"), trc("table heading", "UPLOADED")])
        for item in items {
            table.append([item.key, item.kind.rawValue, ByteCountText.describe(item.size), item.fileName,
                          item.url != nil ? tr("yes") : item.uploadRefusal != nil ? tr("refused") : tr("not yet")])
        }
        return table.lines
    }

    /// The item as people read it, field by field.
    static func lines(_ item: MediaItem, usedBy: [MediaUse], zone: TimeZone) -> [String] {
        var lines = [
            tr("ID: {value}", ["value": item.key]),
            tr("File: {value}", ["value": item.fileName]),
            tr("Kind: {value}", ["value": item.kind.rawValue]),
            tr("Type: {value}", ["value": item.contentType]),
            tr("Size: {value} ({bytes} bytes)", ["value": ByteCountText.describe(item.size), "bytes": String(item.size)]),
            tr("SHA-256: {value}", ["value": item.sha256]),
        ]
        if let seconds = item.durationSeconds {
            lines.append(tr("Running time: {value}", ["value": FieldKind.duration.displayText(.int(Int64(seconds.rounded())), zone: zone)]))
        }
        if let width = item.width, let height = item.height {
            lines.append(tr("Pixels: {width}×{height}", ["width": String(width), "height": String(height)]))
        }
        lines.append(tr("Added: {value}", ["value": DateTimeText.local(item.addedAt, zone: zone)]))
        if let refusal = item.uploadRefusal {
            lines.append(tr("Refused by the store: {reason}. Remove it, and add a file the store accepts.", ["reason": refusal]))
        } else {
            lines.append(tr("Address: {value}", ["value": item.url ?? tr("not uploaded yet (the next sync uploads it)")]))
        }
        if let removed = item.removedAt { lines.append(tr("Removed: {value}", ["value": DateTimeText.local(removed, zone: zone)])) }
        if usedBy.isEmpty {
            lines.append(tr("Used by: nothing"))
        } else {
            lines.append(tr("Used by:"))
            lines += usedBy.map { "  " + $0.described + "  " + $0.id.uuidString.lowercased() }
        }
        return lines
    }
}
