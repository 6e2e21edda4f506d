/// What a token may do. Each token has exactly one role in exactly one organization.
public enum Role: String, Sendable, Hashable, CaseIterable, Codable {
    /// Runs the organization: may push and read.
    case admin
    /// Staff consoles: may push and read.
    case staff
    /// Phone apps and dashboards: may only read (pull, upcoming events).
    case reader

    /// Whether the role may change records.
    public var canPush: Bool {
        switch self {
        case .admin, .staff: true
        case .reader: false
        }
    }
}

/// Who a bearer token speaks for, as the store looked it up.
public struct TokenGrant: Sendable, Hashable {
    public var org: String
    public var role: Role

    public init(org: String, role: Role) {
        self.org = org
        self.role = role
    }
}
