import Foundation

/// A declaration's limits, for code that checks typed text by hand and must not repeat them
/// (the events' form reads its lengths here). A name the declaration lacks is a programming
/// error, caught by the first test that builds the form.
extension RecordType {
    /// The most characters a text field holds.
    func maxLength(_ name: String) -> Int {
        switch field(name)?.kind {
        case .text(let maxLength)?, .longText(let maxLength)?: return maxLength
        default: preconditionFailure("\(entity) declares no text field \(name)")
        }
    }

    /// The most items a list field holds.
    func maxItems(_ name: String) -> Int {
        guard case .list(_, let maxItems)? = field(name)?.kind else { preconditionFailure("\(entity) declares no list field \(name)") }
        return maxItems
    }

    /// The whole numbers an integer field takes.
    func integerRange(_ name: String) -> ClosedRange<Int> {
        guard case .integer(let range)? = field(name)?.kind else { preconditionFailure("\(entity) declares no integer field \(name)") }
        return Int(range.lowerBound)...Int(range.upperBound)
    }

    /// A timing field's limits.
    func timingLimits(_ name: String) -> TimingLimits {
        guard case .timing(let limits)? = field(name)?.kind else { preconditionFailure("\(entity) declares no timing field \(name)") }
        return limits
    }
}
