import Foundation

/// How an instance names its drivers and passengers: a string or a number, echoed back in the
/// answer exactly as it came (a caller that sent 7 gets 7, not "7"). Two ids are the same when
/// they read the same, so a plan that says "7" still finds passenger 7.
public struct RideID: Hashable, Sendable, CustomStringConvertible {
    public let json: JSONValue

    public init(_ json: JSONValue) { self.json = json }
    public init(_ text: String) { json = .string(text) }
    public init(_ uuid: UUID) { json = .string(uuid.uuidString.lowercased()) }

    public static func == (a: RideID, b: RideID) -> Bool { a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    public var description: String {
        if case .string(let text) = json { return text }
        return json.canonicalText
    }
}
