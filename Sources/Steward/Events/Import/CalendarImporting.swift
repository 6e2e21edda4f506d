import Foundation
import GtkKit
import StewardCore
import Translation

/// "Import Calendar…" on the Events page: a file chooser for .ics files, the file read and
/// planned off the main thread (`EventCalendarImport.read` may take up to its deadline,
/// `EventImporter.plan` reads the database), then the import preview; its confirm button runs
/// `EventImporter.run`. A file that is not a calendar gets a message saying so and what to
/// choose instead; nothing is written until the preview's Import.
@MainActor
final class CalendarImporting {
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let importer: EventImporter
    private var chooser: FileChooser?
    private var preview: ImportPreviewWindow?
    private var isReading = false
    /// The import wrote events: the page reads its list again and sync follows.
    var onImported: (() -> Void)?

    init(database: AppDatabase, window: ApplicationWindow, toasts: ToastOverlay) {
        self.window = window
        self.toasts = toasts
        importer = EventImporter(database: database)
    }

    /// Asks for a file, then previews importing it into `org`. One at a time.
    func start(into org: Organization) {
        guard chooser == nil, preview == nil, !isReading else { return }
        let chooser = FileChooser(.open, title: tr("Choose a Calendar to Import"), parent: window, acceptLabel: tr("_Open"))
        chooser.addFilter(name: tr("iCalendar files"), patterns: ["*.ics", "*.ICS", "*.ical", "*.ifb"], allFilesName: tr("All files"))
        chooser.onChosen = { [weak self] path in
            guard let self else { return }
            self.chooser = nil
            guard let path else { return }
            self.preview(path, into: org)
        }
        self.chooser = chooser
        chooser.show()
    }

    /// Reads and plans `path` for `org`, then shows the preview (or why it cannot be read).
    func preview(_ path: String, into org: Organization) {
        let name = (path as NSString).lastPathComponent
        let zone = org.timeZone
        isReading = true
        Task {
            defer { isReading = false }
            let read = await Task.detached { () -> Result<EventCalendarFile, EventCalendarImportError> in
                guard let data = FileManager.default.contents(atPath: path) else {
                    return .failure(EventCalendarImportError(tr("it cannot be read (check that it exists and that you may open it)")))
                }
                return Result { () throws(EventCalendarImportError) in
                    try EventCalendarImport.read(String(decoding: data, as: UTF8.self), orgZone: zone)
                }
            }.value
            let file: EventCalendarFile
            switch read {
            case .success(let read): file = read
            case .failure(let error): return refuse(name, problem: error.message)
            }
            let plan: EventImportPlan
            do {
                plan = try await importer.plan(file, in: org)
            } catch {
                return refuse(name, problem: "\(error)")
            }
            let content = CalendarImportPreview.make(fileName: name, file: file, plan: plan, organization: org) { [weak self] in
                try await self?.run(file, into: org)
            }
            let shown = ImportPreviewWindow(parent: window, preview: content)
            shown.onClosed = { [weak self] in self?.preview = nil }
            preview = shown
            shown.present()
        }
    }

    private func run(_ file: EventCalendarFile, into org: Organization) async throws {
        let plan = try await importer.run(file, in: org)
        // The events changed since the preview in a way that refuses one: nothing was written.
        if !plan.refused.isEmpty {
            throw EventCalendarImportError(plan.refused.map(\.text).joined(separator: "; "))
        }
        guard plan.written else { return }
        toasts.showToast(CalendarImportPreview.done(plan))
        onImported?()
    }

    /// The file is not a calendar this can read: says what is wrong and what to choose instead.
    private func refuse(_ name: String, problem: String) {
        let dialog = MessageDialog(parent: window, heading: tr("Cannot Import This File"),
                                   body: tr("“{file}” cannot be imported: {problem}. Choose an iCalendar file (.ics), as calendar apps and websites export them. Nothing was written.",
                                            ["file": name, "problem": problem]))
        dialog.addResponse("close", tr("_Close"))
        dialog.present()
    }
}
