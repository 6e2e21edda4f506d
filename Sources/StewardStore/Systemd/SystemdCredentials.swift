import Foundation

/// Secrets handed over by systemd (`LoadCredential=`). The packaged unit loads every file of
/// /etc/steward/credentials, so an administrator puts the PostgreSQL password or the TLS key
/// there and names no path on the command line; the files never become readable by the
/// store's own user outside the service. A secret given as an option wins over this.
public enum SystemdCredentials {
    /// The credential `name` (the option's name without `--` and `-file`: `postgres-password`,
    /// `tls-key`, `vapid-key`...), when systemd passed one.
    public static func file(named name: String,
                     environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let directory = environment["CREDENTIALS_DIRECTORY"], !directory.isEmpty else { return nil }
        // `LoadCredential=NAME:FILE` gives the name as is; `LoadCredential=steward-store:DIRECTORY`
        // (the packaged unit) prefixes each file's name with the id and an underscore.
        for candidate in [name, "steward-store_" + name] {
            let path = (directory as NSString).appendingPathComponent(candidate)
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        return nil
    }
}
