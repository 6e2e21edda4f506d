import Foundation

/// Which redemption records still count as a prize handed over. A redemption made in error is
/// undone by a second redemption record that `reverses` it (with a note), so nothing is ever
/// edited or deleted; the stock and each member's limit count only claims not undone.
public enum RedemptionClaims {
    /// Whether `record`'s fields undo another redemption rather than hand a prize over.
    public static func isUndo(_ fields: JSONValue) -> Bool {
        !(fields["reverses"]?.stringValue ?? "").isEmpty
    }

    /// The ids of the redemptions that `records` undo.
    public static func undone<Records: Sequence>(in records: Records, fields: (Records.Element) -> JSONValue) -> Set<String> {
        Set(records.compactMap { fields($0)["reverses"]?.stringValue }.filter { !$0.isEmpty })
    }

    /// The claims among `records` that still count: not an undo, and not undone.
    public static func counted<Records: Sequence>(_ records: Records, id: (Records.Element) -> String,
                                                  fields: (Records.Element) -> JSONValue) -> [Records.Element] {
        let undone = undone(in: records, fields: fields)
        return records.filter { !isUndo(fields($0)) && !undone.contains(id($0)) }
    }
}
