import Foundation
import StewardCore
import StewardMedia
import StewardMediaDuration

/// How a form's media fields add the files staff drop, paste or choose: to the organization's
/// library, checked and cleaned off the main thread (an image is decoded and encoded again).
/// Shared by the form's fields, it remembers what was added while the form is open, so a
/// field built later (a list's new item) offers those files too.
@MainActor
final class MediaAdder {
    let library: MediaLibrary
    let organization: Organization
    /// The files added through this form, oldest first.
    private(set) var added: [MediaItem] = []
    /// The form's media fields on screen, told of each file added through any of them, so a
    /// photo added in one banner's field is offered in the next one's.
    private var listeners: [WeakListener] = []

    private struct WeakListener {
        weak var input: MediaInput?
    }

    init(library: MediaLibrary, organization: Organization) {
        self.library = library
        self.organization = organization
    }

    /// The library of the console's database, with the running time of recordings read as
    /// `stewardctl media add` reads it.
    convenience init(database: AppDatabase, organization: Organization) {
        self.init(library: MediaLibrary(beside: database, durationReader: MediaDiscoverer.seconds(of:)),
                  organization: organization)
    }

    /// Adds the file at `path` for a field taking `kinds`; throws `MediaLibraryError` (its
    /// description is the reason to show) and keeps nothing when it is refused.
    func add(_ path: String, kinds: Set<MediaKind>) async throws -> MediaItem {
        let library = library, organization = organization
        let item = try await Task.detached(priority: .userInitiated) {
            try await library.add(URL(fileURLWithPath: path), to: organization, accepting: kinds)
        }.value
        added.append(item)
        listeners.removeAll { $0.input == nil }
        for listener in listeners { listener.input?.offer(item) }
        return item
    }

    /// `input` is told of the files added from now on (it lists those added before itself).
    func listen(_ input: MediaInput) {
        listeners.append(WeakListener(input: input))
    }
}

extension FormContext {
    /// The context with what media fields need for `type`: the library's files to choose from
    /// and the adder for new ones (a media field of a list's items too: a profile's banners);
    /// as it was for types without media fields.
    @MainActor
    func withMedia(for type: RecordType, in org: Organization, database: AppDatabase) async -> FormContext {
        guard !type.mediaPlaces.isEmpty else { return self }
        var context = self
        // A library that cannot be read offers no files; typing an address or adding a file
        // still works, and the save names any problem.
        context.media = (try? await MediaChoices.items(in: org, database: database)) ?? []
        context.mediaAdder = MediaAdder(database: database, organization: org)
        return context
    }
}
