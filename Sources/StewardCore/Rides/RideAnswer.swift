/// A passenger-leg left without a seat, and why.
public struct RideUnassigned: Hashable, Sendable {
    public var passenger: RideID
    public var leg: RideLeg
    public var reason: RideUnassignedReason

    public init(passenger: RideID, leg: RideLeg, reason: RideUnassignedReason) {
        self.passenger = passenger
        self.leg = leg
        self.reason = reason
    }
}

/// The solver's answer: who rides with whom on each leg, and who is still waiting.
public struct RideAnswer: Hashable, Sendable {
    /// Leg "to" first, then "from"; within a leg in the passengers' order.
    public var assignments: [RidePair]
    public var unassigned: [RideUnassigned]

    public init(assignments: [RidePair], unassigned: [RideUnassigned]) {
        self.assignments = assignments
        self.unassigned = unassigned
    }

    /// The contract's JSON: `{"assignments": [{"passenger", "driver", "leg"}],
    /// "unassigned": [{"passenger", "leg", "reason"}]}`, ids in the type they came in.
    public var json: JSONValue {
        .object([
            "assignments": .array(assignments.map { pair in
                .object(["passenger": pair.passenger.json, "driver": pair.driver.json, "leg": .string(pair.leg.rawValue)])
            }),
            "unassigned": .array(unassigned.map { waiting in
                .object(["passenger": waiting.passenger.json, "leg": .string(waiting.leg.rawValue),
                         "reason": .string(waiting.reason.rawValue)])
            }),
        ])
    }
}
