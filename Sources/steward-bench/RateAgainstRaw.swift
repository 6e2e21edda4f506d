/// Steward's rate of writing against raw SQLite inserts of the same rows, measured in the same
/// run: the figure every bulk-write benchmark reports, in the same three lines.
struct RateAgainstRaw {
    /// The records Steward wrote (a row it refused is not counted).
    let written: Int
    /// The rows the raw side inserted.
    let rawRows: Int
    let stewardSeconds: Double
    let rawSeconds: Double

    var stewardRate: Double { Double(written) / stewardSeconds }
    var rawRate: Double { Double(rawRows) / rawSeconds }
    var ratio: Double { stewardRate / rawRate }

    /// Each side's time and rate after what it does, then the ratio.
    func lines(steward: String, raw: String, unit: String) -> String {
        """
          Steward (\(steward)): \(format(stewardSeconds, 2)) s = \(Int(stewardRate)) \(unit)/s (\(written) \(unit))
          raw SQLite (\(raw)): \(format(rawSeconds, 2)) s = \(Int(rawRate)) \(unit)/s
          ratio Steward/raw = \(format(ratio, 3))
        """
    }
}
