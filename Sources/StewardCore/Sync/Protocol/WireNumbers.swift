/// The range every counter on the wire stays in: mutation ids, versions, cursor sequences.
///
/// 2^53 - 1 is the largest integer a JSON number holds exactly in every language the store's
/// clients are written in (JavaScript among them), and far below `Int64.max`: a side that has
/// checked a number against it can add to it without overflowing, so a hostile peer's answer
/// or request gets a clear refusal instead of trapping the process.
public enum WireNumbers {
    public static let maxCounter: Int64 = 9_007_199_254_740_991

    /// Whether `value` is a counter either side may do arithmetic on.
    public static func isCounter(_ value: Int64, from lowest: Int64 = 0) -> Bool {
        value >= lowest && value <= maxCounter
    }
}
