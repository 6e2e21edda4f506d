import Foundation
import GRDB

/// Moves API tokens out of the database, where consoles before the credential store kept them
/// (`remote.token`), into the credential store, and blanks the column.
///
/// Not a migration: migrations run inside SQLite with no credential store in reach (see
/// `Migrations.registerRemoteSecurity`). The services that hold a credential store run it
/// instead, the first time they use the database (the sync engine before each sync, the
/// window when its sync services start, `stewardctl`'s remote commands); it costs one query
/// when nothing is left to move.
///
/// Nothing stored is lost: a token is blanked only after the credential store has it (read back
/// equal), and only while the row still holds that very token; when the credential store fails,
/// the token stays in the database, keeps working, and moves next time.
enum RemoteTokenMove {
    @discardableResult
    static func run(database: AppDatabase, credentials: any CredentialStore) async -> Int {
        let waiting: [Remote]
        do {
            waiting = try await database.writer.read { db in
                try Remote.fetchAll(db, sql: "SELECT * FROM remote WHERE token != '' AND staffEmail IS NULL")
            }
        } catch {
            return 0
        }
        var moved = 0
        for remote in waiting {
            let key = CredentialKey(remote: remote)
            do {
                try credentials.saveAPIToken(remote.token, for: key)
                guard try credentials.loadAPIToken(key) == remote.token else { continue }
                let blanked = try await database.writer.write { db -> Bool in
                    try db.execute(sql: "UPDATE remote SET token = '' WHERE orgId = ? AND token = ?",
                                   arguments: [UUIDColumn.encode(remote.orgId), remote.token])
                    return db.changesCount > 0
                }
                if blanked { moved += 1 }
            } catch {
                continue
            }
        }
        return moved
    }
}
