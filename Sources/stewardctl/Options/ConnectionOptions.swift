import ArgumentParser
import StewardCore
import Translation

/// How the store is reached, for every command that takes its address (`remote set`,
/// `sign-in`): kept with the connection, so later syncs reach it the same way.
struct ConnectionOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Allow a plain http:// address on another computer. Passwords and tokens then cross the network unencrypted, readable by anyone on the way: only for a network you trust completely.",
        discussion: "Without it, http:// is accepted for this computer only (localhost, 127.0.0.0/8, ::1)."))
    var allowInsecure = false

    @Option(help: ArgumentHelp(
        "A PEM file of your organization's CA certificate(s): the store's certificate must be signed by it (in place of the system's certificate authorities).",
        valueName: "file"))
    var caFile: String?

    var security: TransportSecurity {
        TransportSecurity(allowInsecure: allowInsecure, caFile: caFile)
    }
}

extension InsecureConnectionError {
    /// The command line's refusal: what is wrong, and the two ways out.
    var cliMessage: String { "url: " + cliDetail }

    /// The same without the option's name, for commands whose address has another option.
    var cliDetail: String {
        tr("{problem}. Use an https:// address ({secureURL}), or pass {option} if you accept that risk.",
           ["problem": problem, "secureURL": secureURL, "option": "--allow-insecure"])
    }
}
