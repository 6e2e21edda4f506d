import Foundation

/// What an import would do, before anything is written, as `ImportPreviewWindow` shows it:
/// built by each kind of import (books from a catalogue file, events from a calendar) from its
/// own dry run, so the window knows nothing of books or events.
struct ImportPreview {
    /// One thing the file holds: a heading ("Row 4: Dune") and a line under it.
    struct Row {
        var heading: String
        var detail = ""
    }

    /// A titled list of rows ("New Books (6)"). A folded group is one row that opens to show
    /// them (`foldedTitle`, "3 events are already as the file has them"), for a list people
    /// seldom need to read; an empty group is not shown.
    struct Group {
        var title: String
        var rows: [Row]
        var foldedTitle: String?
    }

    /// The window's title ("Import Books") and what it says under it (the file's name).
    var title: String
    var subtitle: String
    /// A paragraph above the groups: what importing does, and when nothing can be, why.
    var summary: String
    var groups: [Group]
    /// The confirm button, with its mnemonic ("_Import 6 Books").
    var confirmLabel: String
    /// Why the confirm button is off (nil: it is on), as its tooltip says.
    var blockedReason: String?
    /// The heading of the message shown when the import fails ("Could Not Import the Books").
    var failureHeading: String
    /// Writes the import; the window closes when it returns and shows the error when it throws.
    var confirm: @MainActor () async throws -> Void
}
