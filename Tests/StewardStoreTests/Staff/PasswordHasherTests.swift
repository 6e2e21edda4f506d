import Foundation
import Testing
@testable import StewardStore

@Suite("Password hashing")
struct PasswordHasherTests {
    @Test("the default strength is at least 600,000 PBKDF2-SHA256 iterations, stored with the hash")
    func defaultStrength() throws {
        #expect(PasswordHasher.defaultIterations >= 600_000)
        #expect(PasswordHasher().iterations == PasswordHasher.defaultIterations)
        #expect(StoreConfiguration().passwordHasher.iterations >= 600_000)
        let stored = try PasswordHasher().hash("correct horse battery")
        let parts = stored.split(separator: "$").map(String.init)
        #expect(parts.count == 4)
        #expect(parts[0] == "pbkdf2-sha256")
        #expect(Int(parts[1]) == PasswordHasher.defaultIterations)
        #expect(Data(base64Encoded: parts[2])?.count == 16)
        #expect(Data(base64Encoded: parts[3])?.count == 32)
        #expect(PasswordHasher.verify("correct horse battery", against: stored))
        #expect(!PasswordHasher.verify("correct horse batter", against: stored))
    }

    @Test("a known PBKDF2-HMAC-SHA256 vector (RFC 7914 §11) verifies")
    func knownVector() {
        // P = "passwd", S = "salt", c = 1, dkLen = 64: the first 32 bytes.
        let key: [UInt8] = [0x55, 0xac, 0x04, 0x6e, 0x56, 0xe3, 0x08, 0x9f, 0xec, 0x16, 0x91, 0xc2, 0x25, 0x44, 0xb6, 0x05,
                            0xf9, 0x41, 0x85, 0x21, 0x6d, 0xde, 0x04, 0x65, 0xe6, 0x8b, 0x9d, 0x57, 0xc2, 0x0d, 0xac, 0xbc]
        let stored = StoredPasswordHash(iterations: 1, salt: Array("salt".utf8), key: key).text
        #expect(PasswordHasher.verify("passwd", against: stored))
        #expect(!PasswordHasher.verify("passwe", against: stored))
    }

    @Test("verification takes the iterations and salt from the stored text")
    func parametersFromStoredText() throws {
        let cheap = try PasswordHasher(iterations: 1_000).hash("a long enough password")
        #expect(cheap.hasPrefix("pbkdf2-sha256$1000$"))
        #expect(PasswordHasher.verify("a long enough password", against: cheap))
        // The same password and salt at another count is another key.
        var parsed = try #require(StoredPasswordHash(text: cheap))
        parsed.iterations = 1_001
        #expect(!PasswordHasher.verify("a long enough password", against: parsed.text))
    }

    @Test("every hash has its own salt")
    func saltsDiffer() throws {
        let hasher = PasswordHasher(iterations: 1_000)
        let first = try hasher.hash("same password here")
        let second = try hasher.hash("same password here")
        #expect(first != second)
        #expect(PasswordHasher.verify("same password here", against: first))
        #expect(PasswordHasher.verify("same password here", against: second))
    }

    @Test("unreadable stored text never matches", arguments: [
        "", "pbkdf2-sha256", "pbkdf2-sha1$1000$c2FsdA==$AAAA", "pbkdf2-sha256$0$c2FsdA==$VawEblbjCJ/sFpHCJUS2BflBhSFt3gRl5oudV8INrLw=",
        "pbkdf2-sha256$99999999$c2FsdA==$VawEblbjCJ/sFpHCJUS2BflBhSFt3gRl5oudV8INrLw=",
        "pbkdf2-sha256$1$$VawEblbjCJ/sFpHCJUS2BflBhSFt3gRl5oudV8INrLw=", "pbkdf2-sha256$1$c2FsdA==$c2hvcnQ=",
        "pbkdf2-sha256$1$c2FsdA==$VawEblbjCJ/sFpHCJUS2BflBhSFt3gRl5oudV8INrLw=$extra",
    ])
    func corruptHashes(stored: String) {
        #expect(!PasswordHasher.verify("passwd", against: stored))
    }

    @Test("the decoy check for unknown emails never matches")
    func decoy() {
        let hasher = PasswordHasher(iterations: 1_000)
        hasher.spendVerificationTime("")
        hasher.spendVerificationTime("anything at all")
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2]))
    }
}
