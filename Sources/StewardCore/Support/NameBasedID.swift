import Crypto
import Foundation

/// An id made from a name (version 5 style, over SHA-256): the same name always gives the same
/// id, on every console, so a record found by something else's key (a mirrored class, an
/// imported calendar event) is found again without a table of its own.
enum NameBasedID {
    static func make(_ name: String) -> UUID {
        var bytes = Array(SHA256.hash(data: Data(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x50  // version 5 (name-based)
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
