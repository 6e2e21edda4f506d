import Foundation
import StewardCore

/// Whether a message is for a member: the one it names, or any member of its audience who is
/// not disabled (a member's `audience` is one word, a message's the tags events use) and whose
/// campus and ministry choice it concerns (`CampusChoice.concerns`: a message that names no
/// campus reaches every campus, a member who chose none gets every campus's). Both storage
/// backends decide through this, on the member's record and their `campusChoice` record.
public enum PushAudience {
    /// `campusChoice`: the fields of the member's `campusChoice` record, nil when they chose nothing.
    public static func reaches(_ message: PushMessage, memberId: String, memberFields: JSONValue,
                               campusChoice: JSONValue?) -> Bool {
        if memberFields["disabled"]?.boolValue == true { return false }
        if let only = message.memberId { return only == memberId }
        guard CampusChoice(fields: campusChoice).concerns(tagged: message.tags) else { return false }
        guard !message.audience.isEmpty else { return true }
        guard let audience = memberFields["audience"]?.stringValue?.lowercased() else { return false }
        return message.audience.contains { $0.lowercased() == audience }
    }
}
