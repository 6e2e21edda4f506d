import Foundation
import Translation

/// An e-mail address as SMTP carries it (`local@domain`, RFC 5321 without the quoted forms):
/// checked before it goes into a header or an SMTP command, so a typing mistake is named when
/// it is entered rather than answered by a mail server later.
public enum MailAddress {
    /// What is wrong with `text` as an address, or nil when it is one.
    public static func problem(_ text: String) -> String? {
        if text.isEmpty { return tr("is empty: give an address like office@example.org") }
        if LineBreaks.present(in: text) {
            return tr("must be one line (it holds a line break)")
        }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 }) else {
            return tr("must be a plain address like office@example.org, without spaces, names or accented letters")
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            return tr("must be an address like office@example.org")
        }
        // Characters that would end the address inside "<...>" or an SMTP command.
        if text.contains(where: { "<>()[],;:\\\"".contains($0) }) {
            return tr("must be a plain address like office@example.org, without spaces, names or accented letters")
        }
        let domain = parts[1]
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else {
            return tr("must end in a domain like example.org")
        }
        return nil
    }

    public static func isValid(_ text: String) -> Bool {
        problem(text) == nil
    }

    /// The part after the "@", in lower case ("example.org"), for Message-IDs.
    public static func domain(of address: String) -> String {
        address.split(separator: "@").last.map { $0.lowercased() } ?? "localhost"
    }
}
