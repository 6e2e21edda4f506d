import Foundation

/// What makes an email and a password acceptable for a staff account. The messages name what
/// is wrong and how to fix it; callers prefix them with the field (`--email`, `email`).
public enum StaffCredentialRules {
    public static let minPasswordLength = 10
    /// Longer passwords are refused rather than hashed: nobody types them, and a huge body must
    /// not buy more hashing work.
    public static let maxPasswordLength = 1024
    /// RFC 5321's limit on a forward path.
    public static let maxEmailLength = 254

    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The email as the store keeps it (trimmed, lower-cased), or why it is not an email.
    public static func normalizedEmail(_ text: String) throws(Invalid) -> String {
        let email = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let example = "give an address like name@example.org"
        guard !email.isEmpty else { throw Invalid(message: "is empty; \(example)") }
        guard email.count <= maxEmailLength else {
            throw Invalid(message: "is longer than \(maxEmailLength) characters")
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].count >= 3,
              parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !email.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw Invalid(message: "'\(email)' is not an email address; \(example)")
        }
        return email
    }

    /// Throws unless the password is long enough (counted in characters as people see them).
    public static func checkNewPassword(_ password: String) throws(Invalid) {
        let length = password.count
        guard length >= minPasswordLength else {
            throw Invalid(message: "must be at least \(minPasswordLength) characters long (this one has \(length))")
        }
        guard password.utf8.count <= maxPasswordLength else {
            throw Invalid(message: "must be at most \(maxPasswordLength) bytes long")
        }
    }
}
