import Foundation
import StewardCore
import StewardCredentials

/// The sync side of the console, over the database the window opened: staff sign-in, the
/// background sync (with its engine), and record histories. Made after the window shows
/// its first rows, so launching does not wait for any of it; nothing here touches the keyring
/// or the network until it is used (or an API token left in the database by an older console
/// is to be moved there), and then only off the main thread.
final class SyncServices: Sendable {
    let sessions: SessionService
    let backgroundSync: BackgroundSync
    let history: HistoryService
    let remotes: RemoteService

    var engine: SyncEngine { backgroundSync.engine }

    /// `databasePath`: the database's file, beside which the media library keeps the files the
    /// sync uploads.
    init(database: AppDatabase, databasePath: String, cadence: SyncCadence) {
        // Chosen on first use: the session bus is asked for a keyring only when a sign-in or
        // an API token is read or kept.
        let credentials = LazyCredentialStore()
        sessions = SessionService(database: database, credentials: credentials)
        backgroundSync = BackgroundSync(database: database, credentials: credentials, cadence: cadence,
                                        media: MediaLibrary(database: database, folder: .beside(databaseAt: databasePath)))
        history = HistoryService(database: database)
        remotes = RemoteService(database: database, credentials: credentials)
        // API tokens an older console kept in the database move to the credential store now,
        // off the main thread (the first sync would do it too); with none left, this is one
        // query and no keyring.
        let remotes = self.remotes
        Task.detached(priority: .utility) { await remotes.moveTokensToCredentialStore() }
    }
}
