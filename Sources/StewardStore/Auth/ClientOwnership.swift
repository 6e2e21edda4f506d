/// Client ids belong to the credential that first pushed with them.
///
/// Exactly-once bookkeeping is kept per (organization, client id): whoever pushes under a
/// client id gets its "duplicate" answers, and a console drops its outbox entries on them. So
/// nobody but the client id's first pusher may use it: not another staff member who learned
/// it, not a console whose database was copied and signed in as someone else.
///
/// The owner is what stays the same for one person or one key: a staff member's account
/// (their sessions and tokens come and go) or an API token's id.
enum ClientOwnership {
    /// Throws `StoreFailure.clientIdInUse` unless `pushing` may push under the client id;
    /// `stored` is nil for a new client id, or one from before ids were bound (bound now).
    static func check(stored: String?, pushing: String, clientId: String) throws {
        if let stored, stored != pushing { throw StoreFailure.clientIdInUse(clientId) }
    }
}

/// Rotating an API token (`token create --replaces ID`): the client ids bound to the old token
/// pass to the new one, or every console that used it would be refused under its own client
/// id once it has the new token.
enum TokenRotation {
    /// `AccessGrant.owner` of an API token, from its id or its hash.
    static func owner(id: String) -> String { "token:\(id)" }
    static func owner(hash: String) -> String { owner(id: TokenInfo.id(forHash: hash)) }
}
