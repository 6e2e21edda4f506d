import StewardCore

/// Who the bearer of a request is, as `BearerAuthMiddleware` established it: an API token
/// (`steward-store token create`) or a signed-in staff member.
public struct AccessGrant: Sendable, Hashable {
    public enum Bearer: Sendable, Hashable {
        /// `id`: `TokenInfo.id`.
        case apiToken(Role, id: String)
        case staff(email: String, role: StaffRole, sessionId: String)
        /// An app member, signed in: reaches only the member endpoints and the apps' reads.
        case member(id: String, email: String, role: MemberRole, sessionId: String)
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
        case .member(_, let email, _, _): "member:\(email)"
        }
    }

    /// Whether the bearer is an app member rather than staff or an API token.
    public var isMember: Bool {
        if case .member = bearer { true } else { false }
    }

    /// What the bearer may decide on beyond editing records: approvers and admins decide on
    /// submissions, admins change members (docs/approvals.md).
    public var permissions: PushPermissions {
        switch bearer {
        case .apiToken(let role, _):
            PushPermissions(decide: role == .admin, manageMembers: role == .admin, roleName: role.rawValue)
        case .staff(_, let role, _):
            PushPermissions(decide: role == .admin || role == .approver, manageMembers: role == .admin,
                            roleName: role.rawValue)
        case .member:
            PushPermissions(roleName: "member")
        }
    }

    /// Whether the bearer may change records (push).
    public var canPush: Bool {
        switch bearer {
        case .apiToken(let role, _): role.canPush
        case .staff(_, let role, _): role.canEdit
        case .member: false
        }
    }

    /// The role's name, for logs and refusals.
    public var roleName: String {
        switch bearer {
        case .apiToken(let role, _): role.rawValue
        case .staff(_, let role, _): role.rawValue
        case .member: "member"
        }
    }

    /// Who owns the client ids this bearer pushes with (`ClientOwnership`): the staff member's
    /// account, which outlives their sessions, or the API token.
    public var owner: String {
        switch bearer {
        case .apiToken(_, let id): TokenRotation.owner(id: id)
        case .staff(let email, _, _): "staff:\(email)"
        case .member(let id, _, _, _): MemberAccount.sessionKey(id: id)
        }
    }

    /// The staff session the bearer's access token belongs to; nil for an API token.
    public var sessionId: String? {
        switch bearer {
        case .staff(_, _, let session), .member(_, _, _, let session): session
        case .apiToken: nil
        }
    }
}
