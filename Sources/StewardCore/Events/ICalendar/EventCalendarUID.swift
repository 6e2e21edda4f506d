import Foundation

/// Which event an iCalendar UID stands for, so an import finds the events it made before
/// without a table of its own: `<uuid>@steward` (what Steward's calendars carry,
/// `EventCalendarExport.uid`) is that event; any other UID an id made from the organization and
/// the UID (`NameBasedID`), the same on every console, and one of its own for each organization
/// that imports the same calendar.
public enum EventCalendarUID {
    public static func id(of uid: String, orgId: UUID) -> UUID {
        ours(uid) ?? named(uid, orgId: orgId)
    }

    /// The event a UID Steward wrote names.
    public static func ours(_ uid: String) -> UUID? {
        let suffix = "@steward"
        guard uid.count == 36 + suffix.count, uid.lowercased().hasSuffix(suffix) else { return nil }
        return UUID(uuidString: String(uid.prefix(36)))
    }

    /// The id of a UID within an organization (also for one of ours whose id another
    /// organization of this console holds).
    public static func named(_ uid: String, orgId: UUID) -> UUID {
        NameBasedID.make("steward event uid\u{0}\(UUIDColumn.encode(orgId))\u{0}\(uid)")
    }
}
