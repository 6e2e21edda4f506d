import Foundation

/// A Message-ID no other message has (RFC 5322 section 3.6.4): a random UUID at the sender's
/// domain, so replies and bounces can be matched to the mail log.
public enum MessageID {
    public static func make(from address: String) -> String {
        "<" + UUID().uuidString.lowercased() + "@" + MailAddress.domain(of: address) + ">"
    }
}
