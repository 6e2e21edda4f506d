/// A schedule that cannot be read, in plain words: what every format's reader throws.
public struct ScheduleFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
