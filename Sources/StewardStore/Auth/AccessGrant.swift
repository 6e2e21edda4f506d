import StewardCore

/// Who the bearer of a request is, as `BearerAuthMiddleware` established it: an API token
/// (`steward-store token create`) or a signed-in staff member.
public struct AccessGrant: Sendable, Hashable {
    public enum Bearer: Sendable, Hashable {
        /// `id`: `TokenInfo.id`.
        case apiToken(Role, id: String)
        case staff(email: String, role: StaffRole, sessionId: String)
    }

    public var org: String
    public var bearer: Bearer

    public init(org: String, bearer: Bearer) {
        self.org = org
        self.bearer = bearer
    }

    /// Who the store records as the author of what this bearer changes: the staff member's
    /// email, or `token:<role>` for an API token.
    public var author: String {
        switch bearer {
        case .apiToken(let role, _): "token:\(role.rawValue)"
        case .staff(let email, _, _): email
        }
    }

    /// Whether the bearer may change records (push).
    public var canPush: Bool {
        switch bearer {
        case .apiToken(let role, _): role.canPush
        case .staff(_, let role, _): role.canEdit
        }
    }

    /// The role's name, for logs and refusals.
    public var roleName: String {
        switch bearer {
        case .apiToken(let role, _): role.rawValue
        case .staff(_, let role, _): role.rawValue
        }
    }

    /// Who owns the client ids this bearer pushes with (`ClientOwnership`): the staff member's
    /// account, which outlives their sessions, or the API token.
    public var owner: String {
        switch bearer {
        case .apiToken(_, let id): TokenRotation.owner(id: id)
        case .staff(let email, _, _): "staff:\(email)"
        }
    }

    /// The staff session the bearer's access token belongs to; nil for an API token.
    public var sessionId: String? {
        if case .staff(_, _, let session) = bearer { session } else { nil }
    }
}
