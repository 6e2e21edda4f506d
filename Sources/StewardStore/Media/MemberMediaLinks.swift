import Foundation
import StewardCore

/// Media fields as the members' apps read them. A field holding a library item's id gets a
/// sibling `{field}Media` with what an app needs to show or play it: the file's address (a path
/// on this store, which the app already talks to; no token needed), its type and size, an
/// audio or video file's running time, an image's pixels and its renditions. While the file is
/// not ready on the store (the console's sync sends files before records, so only briefly, or
/// after it was removed) the sibling is null and apps show nothing. A field holding an https
/// address keeps it and gets no sibling. A media field of a list's items (a profile banner's
/// `image`) gets its sibling in each item.
struct MemberMediaLinks: Sendable {
    /// The ready items the records name, by id.
    private let items: [String: JSONValue]

    static let empty = MemberMediaLinks(items: [:])

    private init(items: [String: JSONValue]) {
        self.items = items
    }

    /// Reads the items that `records`' media fields name (nothing when the type has none).
    static func load(for records: [RemoteRecord], of type: RecordType, org: String,
                     repository: any StoreRepository) async throws -> MemberMediaLinks {
        let places = type.mediaPlaces
        guard !places.isEmpty else { return .empty }
        var ids = Set<String>()
        for record in records {
            for place in places {
                for (_, id) in place.items(in: record.fields) { ids.insert(id.uuidString.lowercased()) }
            }
        }
        var items: [String: JSONValue] = [:]
        for id in ids.sorted() {
            guard let item = try await repository.mediaItem(org: org, id: id), item.state == .ready else { continue }
            items[id] = view(item)
        }
        return MemberMediaLinks(items: items)
    }

    /// `member` (a record as apps read it) with a `{field}Media` beside each media field that
    /// names a library item, in the record or in its list's items.
    func adding(to member: JSONValue, of type: RecordType) -> JSONValue {
        type.mediaPlaces.reduce(member) { member, place in
            place.addingSiblings(to: member) { value in
                guard case .item(let id)? = MediaFieldValue(stored: value) else { return nil }
                return items[id.uuidString.lowercased()] ?? .null
            }
        }
    }

    /// `record` with the sibling beside each media field in its fields: the events' reads
    /// (`events/upcoming`, `events`), whose items keep their fields under `fields`.
    func adding(to record: RemoteRecord, of type: RecordType) -> RemoteRecord {
        var record = record
        record.fields = adding(to: record.fields, of: type)
        return record
    }

    private static func view(_ item: MediaItem) -> JSONValue {
        var fields: [String: JSONValue] = [
            "url": .string(MediaAddress.path(item, variant: .full)),
            "contentType": item.contentType.map(JSONValue.string) ?? .null,
            "size": .int(item.size),
            "kind": item.kind.map { .string($0.rawValue) } ?? .null,
        ]
        if let seconds = item.durationSeconds { fields["durationSeconds"] = .double(seconds) }
        if let width = item.width, let height = item.height {
            fields["width"] = .int(Int64(width))
            fields["height"] = .int(Int64(height))
        }
        if item.kind == .image {
            fields["thumbnailURL"] = .string(MediaAddress.path(item, variant: .thumb))
            fields["w1280URL"] = .string(MediaAddress.path(item, variant: .w1280))
        }
        return .object(fields)
    }
}
