import Foundation

/// What the check-in QR codes say: a link the members' app opens to check in at an event,
/// `steward://check-in?org=SLUG&event=ID&code=CODE`. The projector's QR carries the current
/// code, so scanning it is the whole check-in (the store still verifies the code, as if typed);
/// a printed poster's carries none (a code on paper would be stale in minutes): the app opens
/// the event's check-in and asks for the code on the screen, or for an ongoing event, sends
/// the member's position.
public enum CheckInLink {
    public static func url(org: String, event: UUID, code: String? = nil) -> String {
        var components = URLComponents()
        components.scheme = "steward"
        components.host = "check-in"
        components.queryItems = [URLQueryItem(name: "org", value: org), URLQueryItem(name: "event", value: UUIDColumn.encode(event))]
            + (code.map { [URLQueryItem(name: "code", value: $0)] } ?? [])
        return components.string ?? ""
    }
}
