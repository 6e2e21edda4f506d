import Foundation
import Translation

/// A way to reach someone, as people type it in a form: an e-mail address or a phone number.
/// Leaders' contacts and the "get involved" answers are checked the same way, so a lead staff
/// cannot call back is refused with a message saying what to type.
public enum MinistryContact {
    /// What is wrong with `text`, or nil when it is empty or reads as an e-mail or a phone.
    public static func problem(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if trimmed.contains("@") {
            return isEmail(trimmed) ? nil : tr("must be an e-mail address like sam@example.org or a phone number")
        }
        return isPhone(trimmed) ? nil : tr("must be an e-mail address like sam@example.org or a phone number")
    }

    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(" ") else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    /// Digits with the usual separators, seven digits at least (a campus extension is not enough).
    static func isPhone(_ text: String) -> Bool {
        let allowed = CharacterSet(charactersIn: "0123456789+-(). ")
        guard text.unicodeScalars.allSatisfy(allowed.contains) else { return false }
        return text.filter(\.isNumber).count >= 7
    }
}
