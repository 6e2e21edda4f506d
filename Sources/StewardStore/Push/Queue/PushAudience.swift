import Foundation
import StewardCore

/// Whether a message is for a member: the one it names, or any member of its audience who is
/// not disabled (a member's `audience` is one word, a message's the tags events use). Both storage backends decide through this, on the member's record.
public enum PushAudience {
    public static func reaches(_ message: PushMessage, memberId: String, memberFields: JSONValue) -> Bool {
        if memberFields["disabled"]?.boolValue == true { return false }
        if let only = message.memberId { return only == memberId }
        guard !message.audience.isEmpty else { return true }
        guard let audience = memberFields["audience"]?.stringValue?.lowercased() else { return false }
        return message.audience.contains { $0.lowercased() == audience }
    }
}
