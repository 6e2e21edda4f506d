import Foundation
import Translation

/// One line of a proposal as staff read it: who is newly seated, who moves to another driver,
/// who loses their seat, and who stays waiting (with the solver's reason).
public struct RideDiffLine: Hashable, Sendable {
    public enum Change: Int, Hashable, Sendable, Comparable {
        case newlySeated
        case moves
        case losesSeat
        case staysWaiting

        public static func < (a: Change, b: Change) -> Bool { a.rawValue < b.rawValue }

        public var text: String {
            switch self {
            case .newlySeated: tr("Newly seated")
            case .moves: tr("Moves")
            case .losesSeat: tr("Loses seat")
            case .staysWaiting: tr("Stays waiting")
            }
        }
    }

    public var change: Change
    public var passenger: String
    public var leg: RideLeg
    /// The driver in the plan in force, or "" when none.
    public var before: String
    /// The proposed driver, or why there is none.
    public var after: String
    /// Stable across proposals: passenger and leg.
    public var key: String
}

extension RidePlanDiff {
    /// The proposal's lines, changes first, each kind in the passengers' order on the board.
    public func lines(on board: RideBoard) -> [RideDiffLine] {
        func line(_ change: RideDiffLine.Change, _ passenger: RideID, _ leg: RideLeg, before: String, after: String) -> RideDiffLine {
            RideDiffLine(change: change, passenger: board.name(of: passenger), leg: leg, before: before, after: after,
                         key: "\(passenger.description) \(leg.rawValue)")
        }
        let unseatedSeats = Set(unseated.map { "\($0.passenger.description) \($0.leg.rawValue)" })
        var lines = newlySeated.map { line(.newlySeated, $0.passenger, $0.leg, before: "", after: board.name(of: $0.driver)) }
        lines += moved.map { line(.moves, $0.to.passenger, $0.to.leg, before: board.name(of: $0.from.driver), after: board.name(of: $0.to.driver)) }
        let reasons = Dictionary(answer.unassigned.map { ("\($0.passenger.description) \($0.leg.rawValue)", $0.reason) },
                                 uniquingKeysWith: { first, _ in first })
        lines += unseated.map { pair in
            let key = "\(pair.passenger.description) \(pair.leg.rawValue)"
            let cancelled = board.cancelled(pair)
            let why = cancelled.passenger ? tr("the passenger cancelled")
                : cancelled.driver ? tr("the driver cancelled; {reason}", ["reason": reasons[key]?.text ?? tr("no seat elsewhere")])
                : reasons[key]?.text ?? ""
            return line(.losesSeat, pair.passenger, pair.leg, before: board.name(of: pair.driver), after: why)
        }
        lines += answer.unassigned.filter { !unseatedSeats.contains("\($0.passenger.description) \($0.leg.rawValue)") }
            .map { line(.staysWaiting, $0.passenger, $0.leg, before: "", after: $0.reason.text) }
        return lines
    }

    /// "150 newly seated, 2 move, 1 loses a seat, 12 kept; 48 stay waiting".
    public var summary: String {
        let waiting = answer.unassigned.count - unseated.filter { pair in
            answer.unassigned.contains { $0.passenger == pair.passenger && $0.leg == pair.leg }
        }.count
        return tr("{new} newly seated, {moved}, {lost}, {kept} kept; {waiting}",
                  ["new": String(newlySeated.count), "moved": trn("{count} moves", "{count} move", moved.count),
                   "lost": trn("{count} loses their seat", "{count} lose their seat", unseated.count),
                   "kept": String(kept), "waiting": trn("{count} stays waiting", "{count} stay waiting", waiting)])
    }
}
