import Crypto
import Foundation

/// A mirrored appointment's id: name-based on its source and MindBody's appointment id (as
/// `ClassIdentity` for classes, with a name of its own so the two never meet).
public enum AppointmentIdentity {
    public static func id(sourceId: UUID, sourceAppointmentId: String) -> UUID {
        let name = "steward appointment\u{0}\(UUIDColumn.encode(sourceId))\u{0}\(sourceAppointmentId)"
        var bytes = Array(SHA256.hash(data: Data(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x50  // version 5 (name-based)
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
