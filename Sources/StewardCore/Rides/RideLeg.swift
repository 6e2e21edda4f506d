import Translation

/// One way of a trip to an event: to it (compared on departure times) or back from it (on
/// return times). Seats count per leg, so a round trip is two separate assignments.
public enum RideLeg: String, CaseIterable, Hashable, Sendable, Comparable {
    case to
    case from

    public static func < (a: RideLeg, b: RideLeg) -> Bool { a == .to && b == .from }

    /// "to the event", "back from the event", for the window and the CLI's text output.
    public var text: String {
        switch self {
        case .to: tr("to the event")
        case .from: tr("back from the event")
        }
    }
}

/// Which legs an offer or request covers.
public enum RideDirection: String, CaseIterable, Hashable, Sendable {
    case to
    case from
    case both

    public func includes(_ leg: RideLeg) -> Bool {
        self == .both || rawValue == leg.rawValue
    }

    public var legs: [RideLeg] { RideLeg.allCases.filter(includes) }
}

/// A driver's or passenger's gender, as the ride preferences compare it.
public enum RideGender: String, CaseIterable, Hashable, Sendable {
    case female
    case male
}
