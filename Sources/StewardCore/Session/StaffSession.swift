import Foundation

/// Who is signed in to an organization's store from this console.
public struct StaffSession: Hashable, Sendable {
    public var orgId: UUID
    /// As the store knows them (lower-case).
    public var email: String
    public var role: StaffRole
    /// The store's address.
    public var url: String

    public init(orgId: UUID, email: String, role: StaffRole, url: String) {
        self.orgId = orgId
        self.email = email
        self.role = role
        self.url = url
    }
}
