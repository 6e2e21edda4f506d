import Foundation

/// A mirrored appointment's id: name-based on its source and MindBody's appointment id (as
/// `ClassIdentity` for classes, with a name of its own so the two never meet).
public enum AppointmentIdentity {
    public static func id(sourceId: UUID, sourceAppointmentId: String) -> UUID {
        NameBasedID.make("steward appointment\u{0}\(UUIDColumn.encode(sourceId))\u{0}\(sourceAppointmentId)")
    }
}
