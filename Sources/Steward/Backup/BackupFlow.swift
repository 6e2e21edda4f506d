import Foundation
import GtkKit
import StewardCore
import Translation

/// The main menu's Back Up… and Restore…: the file chooser, the progress, what is said after.
///
/// A restore replaces the database the window has open, so the window closes it first (the
/// background sync stopped), and Steward starts again on the restored database: every page and
/// service then reads the restored file from the beginning, as at any start.
@MainActor
final class BackupFlow {
    private let window: Window
    private let toasts: ToastOverlay
    private var chooser: FileChooser?
    private var running: LongTaskDialog?

    /// Stops what writes to the database in the background, before a restore.
    var stopWriting: () -> Void = {}

    init(window: Window, toasts: ToastOverlay) {
        self.window = window
        self.toasts = toasts
    }

    // MARK: Back Up…

    func backUp(_ database: AppDatabase) {
        guard chooser == nil, running == nil else { return }
        let shown = FileChooser(.save(suggestedName: Self.suggestedName()), title: tr("Back Up Steward"), parent: window,
                                acceptLabel: tr("_Back Up"))
        shown.onChosen = { [weak self] path in
            guard let self else { return }
            self.chooser = nil
            guard let path else { return }
            let file = (path as NSString).lastPathComponent
            let task = LongTaskDialog(parent: self.window, heading: tr("Backing Up…"),
                                      body: tr("Steward is copying everything it keeps to {file}. You can go on working once it is done.",
                                               ["file": file]))
            self.running = task
            task.run({ progress in try ConsoleBackup.backup(database, to: path, progress: progress) }) { [weak self] failure in
                guard let self else { return }
                self.running = nil
                if let failure {
                    self.tell(heading: tr("The Backup Was Not Made"), body: tr("{file}: {error}", ["file": path, "error": failure]))
                } else {
                    self.toasts.showToast(tr("Backed up to {file}", ["file": file]))
                }
            }
        }
        chooser = shown
        shown.show()
    }

    /// "steward-backup-2026-11-29.sqlite": the day in the name, so backups sort by date.
    static func suggestedName(on day: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return "steward-backup-\(formatter.string(from: day)).sqlite"
    }

    // MARK: Restore…

    func restore(_ database: AppDatabase, path databasePath: String) {
        guard chooser == nil, running == nil else { return }
        let shown = FileChooser(.open, title: tr("Restore Steward from a Backup"), parent: window, acceptLabel: tr("_Open"))
        shown.addFilter(name: tr("Steward backups"), patterns: ["*.sqlite"], allFilesName: tr("All files"))
        shown.onChosen = { [weak self] backup in
            guard let self else { return }
            self.chooser = nil
            guard let backup else { return }
            self.confirmRestore(from: backup, database: database, path: databasePath)
        }
        chooser = shown
        shown.show()
    }

    private func confirmRestore(from backup: String, database: AppDatabase, path databasePath: String) {
        let dialog = MessageDialog(
            parent: window, heading: tr("Replace Everything with the Backup?"),
            body: tr("Everything Steward keeps on this computer is replaced by {file}. Changes made since that backup come back from your organization’s store at the next sync if they were synced; those that were not are lost. What is here now is kept in {kept}.",
                     ["file": (backup as NSString).lastPathComponent, "kept": databasePath + ".before-restore"]))
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("restore", tr("_Restore"), appearance: .destructive)
        dialog.defaultResponse = "cancel"
        dialog.closeResponse = "cancel"
        dialog.present { [weak self] response in
            guard let self, response == "restore" else { return }
            self.runRestore(from: backup, database: database, path: databasePath)
        }
    }

    private func runRestore(from backup: String, database: AppDatabase, path databasePath: String) {
        stopWriting()
        let task = LongTaskDialog(parent: window, heading: tr("Restoring…"),
                                  body: tr("Steward opens again on the restored data when it is done."))
        running = task
        task.run({ progress in
            // The window's connections let go of the file first: a database still open here
            // cannot be replaced (the restore would refuse).
            try database.close()
            try ConsoleBackup.restore(from: backup, into: databasePath, progress: progress)
        }) { [weak self] failure in
            guard let self else { return }
            self.running = nil
            guard let failure else { Relaunch.now() }
            // Nothing was replaced; the database was closed, so Steward opens it again.
            self.tell(heading: tr("The Backup Was Not Restored"), body: failure) { Relaunch.now() }
        }
    }

    private func tell(heading: String, body: String, then: @escaping @MainActor () -> Void = {}) {
        let dialog = MessageDialog(parent: window, heading: heading, body: body)
        dialog.addResponse("close", tr("_Close"))
        dialog.present { _ in then() }
    }
}
