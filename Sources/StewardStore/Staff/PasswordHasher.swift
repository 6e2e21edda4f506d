import Crypto
import _CryptoExtras
import Foundation

/// Staff passwords, hashed with PBKDF2-HMAC-SHA256 and stored with their parameters:
/// `pbkdf2-sha256$<iterations>$<salt, base64>$<key, base64>`. Verification reads the iterations
/// and salt from the stored text, so raising the default later leaves existing hashes working.
///
/// Hashing is deliberately slow (hundreds of milliseconds): call it off the server's event
/// loops (`PasswordWork`).
public struct PasswordHasher: Sendable, Hashable {
    /// OWASP's figure for PBKDF2-HMAC-SHA256 (2023); what `staff add` and the server use.
    public static let defaultIterations = 600_000

    public let iterations: Int

    /// `iterations` below the default are for tests only: the shipped paths use the default.
    public init(iterations: Int = defaultIterations) {
        precondition(iterations >= 1, "PBKDF2 needs at least one iteration")
        self.iterations = iterations
    }

    /// A new hash of `password` with a fresh random salt.
    public func hash(_ password: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<StoredPasswordHash.saltBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let key = try Self.derive(password, salt: salt, iterations: iterations)
        return StoredPasswordHash(iterations: iterations, salt: salt, key: key).text
    }

    /// Whether `password` matches `stored`. Unreadable stored text never matches.
    public static func verify(_ password: String, against stored: String) -> Bool {
        guard let parsed = StoredPasswordHash(text: stored),
              let key = try? derive(password, salt: parsed.salt, iterations: parsed.iterations) else { return false }
        return ConstantTime.equal(key, parsed.key)
    }

    /// The work of verifying a password against a hash of this hasher's strength, for an email
    /// no staff member has: the answer then takes as long as for a wrong password, so timing
    /// does not tell which emails are on staff.
    public func spendVerificationTime(_ password: String) {
        _ = Self.verify(password, against: decoy)
    }

    /// A hash no password is checked against for real; only its cost matters.
    private var decoy: String {
        StoredPasswordHash(iterations: iterations, salt: Array(repeating: 0, count: StoredPasswordHash.saltBytes),
                           key: Array(repeating: 0, count: StoredPasswordHash.keyBytes)).text
    }

    private static func derive(_ password: String, salt: [UInt8], iterations: Int) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(password.utf8), salt: salt, using: .sha256,
                                                    outputByteCount: StoredPasswordHash.keyBytes,
                                                    unsafeUncheckedRounds: iterations)
        return key.withUnsafeBytes { Array($0) }
    }
}

/// The stored form of a password hash, taken apart.
public struct StoredPasswordHash: Sendable, Hashable {
    public static let scheme = "pbkdf2-sha256"
    static let saltBytes = 16
    static let keyBytes = 32
    /// A stored hash asking for more is treated as corrupt: checking it would hold a thread for
    /// minutes on every sign-in.
    static let maxIterations = 10_000_000

    public var iterations: Int
    public var salt: [UInt8]
    public var key: [UInt8]

    public init(iterations: Int, salt: [UInt8], key: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.key = key
    }

    public init?(text: String) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.scheme,
              let iterations = Int(parts[1]), (1...Self.maxIterations).contains(iterations),
              let salt = Data(base64Encoded: String(parts[2])), !salt.isEmpty,
              let key = Data(base64Encoded: String(parts[3])), key.count == Self.keyBytes else { return nil }
        self.init(iterations: iterations, salt: Array(salt), key: Array(key))
    }

    public var text: String {
        [Self.scheme, String(iterations), Data(salt).base64EncodedString(), Data(key).base64EncodedString()]
            .joined(separator: "$")
    }
}

enum ConstantTime {
    /// Compares every byte whatever the first difference, so the time taken says nothing about
    /// how much of a guess was right.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices {
            difference |= a[index] ^ b[index]
        }
        return difference == 0
    }
}
