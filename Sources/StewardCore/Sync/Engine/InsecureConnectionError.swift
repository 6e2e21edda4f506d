import Foundation
import Translation

/// A store address that is plain http:// to another computer, entered without the person
/// allowing it: passwords and tokens would cross the network unencrypted, readable by anyone on
/// the way. Nothing is sent or stored. The command line and the window each say how to allow it
/// in their own terms (`--allow-insecure`, a check box); `description` names both ways out.
public struct InsecureConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address as entered, cleaned.
    public var url: String

    public init(url: String) {
        self.url = url
    }

    /// The same address with https://, to suggest.
    public var secureURL: String {
        guard url.lowercased().hasPrefix("http://") else { return url }
        return "https://" + url.dropFirst("http://".count)
    }

    /// What is wrong, without the fix.
    public var problem: String {
        tr("{url} is plain http:// to another computer: passwords and tokens would cross the network unencrypted, readable by anyone on the way",
           ["url": url])
    }

    public var description: String {
        tr("{problem}. Use an https:// address ({secureURL}), or allow unencrypted connections explicitly.",
           ["problem": problem, "secureURL": secureURL])
    }
}
