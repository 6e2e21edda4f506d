import Foundation

/// A Firebase project's service account, as the JSON file Google's console downloads: whose
/// key signs the requests for access tokens, and where to ask for them.
public struct FCMServiceAccount: Sendable, Decodable {
    public var projectId: String
    public var clientEmail: String
    public var privateKeyId: String?
    /// PKCS #8 PEM, RSA.
    public var privateKey: String
    public var tokenURI: String

    enum CodingKeys: String, CodingKey {
        case projectId = "project_id"
        case clientEmail = "client_email"
        case privateKeyId = "private_key_id"
        case privateKey = "private_key"
        case tokenURI = "token_uri"
    }

    public static func read(_ data: Data) throws -> FCMServiceAccount {
        try JSONDecoder().decode(FCMServiceAccount.self, from: data)
    }
}
