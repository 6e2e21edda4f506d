import Foundation

/// The reader part of a `MemberReadCache.Key`, for answers that depend on who reads.
enum MemberReadKey {
    /// A member's own id: their campus choice and the groups they lead shape what they read.
    /// Staff and API tokens all read the same answer.
    static func reader(of grant: AccessGrant) -> String {
        guard case .member(let memberId, _, _, _) = grant.bearer else { return "" }
        return "member:" + memberId.lowercased()
    }
}
