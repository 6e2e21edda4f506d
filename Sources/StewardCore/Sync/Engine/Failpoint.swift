import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The points where the crash tests kill the sync: with `STEWARD_FAILPOINT` set to a point's
/// name, the process sends itself SIGKILL there, as a power cut would.
public enum Failpoint: String, Sendable, CaseIterable {
    /// The mutation ids are committed; nothing has been sent.
    case afterAssign = "after-assign"
    /// The store has answered the push; its results are not applied yet.
    case afterSend = "after-send"
    /// The first pull page and its cursor are committed; the next page is not.
    case midPull = "mid-pull"
    /// The store holds the first chunk of a file; the rest is not sent.
    case midUpload = "mid-upload"

    static let armed = ProcessInfo.processInfo.environment["STEWARD_FAILPOINT"].flatMap(Failpoint.init(rawValue:))

    func hit() {
        if Self.armed == self { kill(getpid(), SIGKILL) }
    }
}
