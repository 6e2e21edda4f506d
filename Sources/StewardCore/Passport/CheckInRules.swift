import Crypto
import Foundation

/// What the store checks of a check-in beside the code: one entry per member per event, and
/// for an ongoing event, where the member stands.
public enum CheckInRules {
    /// How close to an ongoing event's coordinates a check-in must be.
    public static let defaultRadius: Double = 200

    /// The id of a member's stamp entry at an event: the same for every attempt, on the store
    /// and on every console, so two check-ins at once, or a grant made on two consoles while
    /// offline, are one record and the second is refused (entries are never changed). `round`
    /// counts the member's earlier entries at the event that were revoked: a stamp given again
    /// after a revocation is a new record, still one per round. `occurrence` names one date of a
    /// series (each gives its own stamp); nil for an event that happens once, whose ids are
    /// those they always were.
    public static func entryId(member: String, event: String, occurrence: String? = nil, round: Int = 0) -> String {
        var name = "steward check-in\u{0}\(member.lowercased())\u{0}\(event.lowercased())" + (round > 0 ? "\u{0}\(round)" : "")
        if let occurrence { name += "\u{0}occurrence\u{0}\(occurrence)" }
        let digest = Array(SHA256.hash(data: Data(name.utf8)))
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x50  // version 5 (name-based)
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC 4122 variant
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString.lowercased()
    }

    /// Great-circle distance in metres (haversine, on a sphere of the Earth's mean radius).
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radius = 6_371_008.8
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1, dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * radius * asin(min(1, sqrt(h)))
    }

    /// Whether `typed` was the code of a step in the `lookBack` before the grace steps around
    /// `date`: a code read off the projector earlier (or yesterday), not a wrong guess.
    public static func isExpired(_ typed: String, code: CheckInCode, at date: Date, lookBack: TimeInterval = 86_400) -> Bool {
        let typed = typed.filter { !$0.isWhitespace }
        let current = code.counter(at: date)
        let steps = UInt64(lookBack / code.step)
        guard current >= 2 else { return false }
        var found = false
        var counter = current - 2
        let oldest = current >= steps ? current - steps : 0
        while counter >= oldest {
            if code.code(counter: counter) == typed { found = true }
            if counter == 0 { break }
            counter -= 1
        }
        return found
    }
}
