import Foundation
import Translation

/// Why signing in did not work, in words for the person at the sign-in page (`message`).
/// Nothing is stored when signing in fails.
public enum SignInError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store knows no staff member of this organization with that email and password.
    case wrongCredentials
    /// Too many failed sign-ins for this email lately; the store accepts none for `retryAfter` seconds.
    case tooManyAttempts(retryAfter: Int)
    /// No answer from the address (refused, timed out, unknown host...).
    case storeUnreachable(url: String, reason: String)
    /// The store's TLS certificate was refused: not signed by a CA this console trusts, or not
    /// made out to the address's host name.
    case untrustedCertificate(url: String, reason: String)
    /// Not sent: plain http:// to another computer, which the connection does not allow.
    case insecureConnection(url: String)
    /// Something answers at the address, but not the Steward store protocol.
    case notAStewardStore(url: String)
    /// The store has no organization with this console organization's slug.
    case unknownOrganization(url: String, slug: String)
    /// The store does not offer signing in without naming an organization (it is older than
    /// this console): the organization can be created here and signed in from its Sync page.
    case storeWithoutAccountSignIn(url: String)
    /// Another refusal from the store, with its own words.
    case refused(url: String, message: String)
    /// Signed in, but the tokens could not be kept on this computer (the store's session was
    /// closed again).
    case credentialsNotSaved(reason: String)

    public var message: String {
        switch self {
        case .wrongCredentials:
            return tr("The email or password is not right for this organization's store.")
        case .tooManyAttempts(let seconds):
            let minutes = max(1, (seconds + 59) / 60)
            return trn("Too many failed sign-ins. Try again in {count} minute.",
                       "Too many failed sign-ins. Try again in {count} minutes.", minutes)
        case .storeUnreachable(let url, let reason):
            return tr("Cannot reach the store at {url}: {reason}. Check the address and the network.",
                      ["url": url, "reason": reason])
        case .untrustedCertificate(let url, let reason):
            return tr("The certificate of the store at {url} is not trusted: {reason}. Check the address; if your organization has its own certificate authority, use its CA certificate file.",
                      ["url": url, "reason": reason])
        case .insecureConnection(let url):
            return InsecureConnectionError(url: url).description
        case .notAStewardStore(let url):
            return tr("The address {url} does not answer like a Steward store. Check the store's address.", ["url": url])
        case .unknownOrganization(let url, let slug):
            return tr("The store at {url} has no organization \"{slug}\". Check the address, or ask the store's administrator.",
                      ["url": url, "slug": slug])
        case .storeWithoutAccountSignIn(let url):
            return tr("The store at {url} cannot list your organizations: it is older than this console. Ask its administrator to update it, or create the organization here and sign in from its Sync page.",
                      ["url": url])
        case .refused(let url, let message):
            return tr("The store at {url} refused the sign-in: {message}", ["url": url, "message": message])
        case .credentialsNotSaved(let reason):
            return tr("Signed in, but the sign-in could not be kept on this computer: {reason}", ["reason": reason])
        }
    }

    public var description: String { message }
}
