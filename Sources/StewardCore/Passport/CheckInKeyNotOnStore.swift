import Foundation
import Translation

/// Why no code is shown for an event: the store does not have its check-in key, so it would
/// tell every member who types the code that it is not the event's code.
public struct CheckInKeyNotOnStore: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The key (and maybe the event) waits in the outbox for the next sync.
        case waitingToBeSent
        /// The store refused the key, for this reason (see the rejected changes).
        case refused(String)
    }

    /// The event's title.
    public var event: String
    /// The organization's slug, for the command that sends it.
    public var org: String
    public var reason: Reason

    public init(event: String, org: String, reason: Reason) {
        self.event = event
        self.org = org
        self.reason = reason
    }

    /// For the command line: what is wrong and the command that puts it right.
    public var description: String {
        switch reason {
        case .waitingToBeSent:
            tr("the store does not have the check-in key of “{event}” yet: it waits to be sent with the event, and a code shown now would be refused; send it with `{command}`, then ask for the code again",
               ["event": event, "command": "stewardctl sync --org \(org)"])
        case .refused(let why):
            tr("the store does not have the check-in key of “{event}”: it refused it ({reason}); see `{command}`",
               ["event": event, "reason": why, "command": "stewardctl rejected list --org \(org)"])
        }
    }
}
