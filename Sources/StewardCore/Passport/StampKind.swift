import Translation

/// How a stamp entry came to the ledger: the `kind` field.
public enum StampKind: String, CaseIterable, Sendable {
    /// The member checked in at the event with its code (made by the store).
    case checkIn = "check-in"
    /// Staff gave it (a forgotten phone, a paper sign-in sheet).
    case grant
    /// Staff took back an earlier entry: a reversing entry, its stamps negative.
    case revoke

    /// Grants and revocations are staff's word against the ledger: they say why.
    public var needsNote: Bool { self != .checkIn }

    /// What people read: "checked in", "granted", "revoked".
    public var text: String {
        switch self {
        case .checkIn: trc("stamp kind", "checked in")
        case .grant: trc("stamp kind", "granted")
        case .revoke: trc("stamp kind", "revoked")
        }
    }
}
