import Foundation
import Translation

/// Why a refresh failed, in plain words. A failed refresh changes nothing in the mirror.
public struct ScheduleRefreshError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The booking service refused the API key or site id (401/403).
        case refused
        /// No answer in time.
        case timedOut
        /// No connection, or it broke.
        case unreachable
        /// The service answered with an error status.
        case serverError
        /// An answer that cannot be read.
        case malformed
        /// The source itself (a file, a missing key) is at fault.
        case source
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
