import CommandLineSupport
import StewardCore
import Translation

/// How the mail commands show settings (never the password) and name options in refusals.
enum MailOutput {
    /// The service's field names are the options', but for the password typed on stdin.
    static func optionMessage(_ error: StewardCore.ValidationError) -> String {
        guard let first = error.issues.first else { return error.description }
        let option = first.field == "password" ? "password-stdin" : first.field
        return "\(option): \(first.message)"
    }

    /// Where the password is: the keyring (or credentials file), a file, nowhere needed, or
    /// missing.
    static func passwordPlace(_ settings: MailSettings, hasPassword: Bool, store: String) -> String {
        if settings.user.isEmpty { return tr("none (the server is used without signing in)") }
        if let file = settings.passwordFile { return tr("read from {path} at each send", ["path": file]) }
        return hasPassword ? tr("kept in {store}", ["store": store])
            : tr("MISSING: set it with `{command}`", ["command": "stewardctl mail set --password-stdin"])
    }

    static func security(_ server: SMTPServer) -> String {
        switch server.security {
        case .startTLSRequired: tr("STARTTLS, required")
        case .startTLSWhenOffered: tr("STARTTLS when offered (this computer)")
        case .implicitTLS: tr("TLS from the start (smtps)")
        }
    }

    static func record(_ settings: MailSettings, password: String) -> [String] {
        var record = Record()
        record.add(trc("output label", "smtp"), settings.server.url)
        record.add(trc("output label", "security"), security(settings.server))
        record.add(trc("output label", "user"), settings.user.isEmpty ? tr("none") : settings.user)
        record.add(trc("output label", "from"), settings.from)
        record.add(trc("output label", "password"), password)
        record.addIfPresent(trc("output label", "CA file"), settings.caFile)
        return record.lines
    }

    static func json(_ settings: MailSettings, password: String) -> JSONValue {
        .object([
            "smtp": .string(settings.server.url),
            "security": .string(settings.server.security.rawValue),
            "user": .string(settings.user),
            "from": .string(settings.from),
            "password": .string(password),
            "passwordFile": .optional(settings.passwordFile),
            "caFile": .optional(settings.caFile),
        ])
    }
}
