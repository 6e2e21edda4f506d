import Foundation
import StewardCore

/// `POST /v1/orgs/{org}/members`: an app user registers with their organization.
struct RegisterMemberRequest: Decodable, Sendable {
    var email: String
    var password: String
    var displayName: String
    var audience: String
}

/// A member as the app sees themself: the answer to registering.
struct MemberProfile: Encodable, Sendable {
    var id: String
    var email: String
    var displayName: String
    var audience: String
    var role: String

    init(id: String, fields: JSONValue) {
        self.id = id
        email = fields["email"]?.stringValue ?? ""
        displayName = fields["displayName"]?.stringValue ?? ""
        audience = fields["audience"]?.stringValue ?? ""
        role = fields["role"]?.stringValue ?? MemberRole.member.rawValue
    }
}

/// The answer to a member's sign-in and refresh: the same pair of tokens as staff get.
struct MemberSessionTokens: Encodable, Sendable {
    var accessToken: String
    var refreshToken: String
    var accessExpiresIn: Int
    var refreshExpiresIn: Int
    var member: MemberProfile
}
