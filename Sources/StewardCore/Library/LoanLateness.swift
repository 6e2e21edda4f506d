import Translation

/// How late a loan is, in words every report uses (the command line's, the window's, print).
public enum LoanLateness {
    /// "3 days late", "due today", "due in 2 days".
    public static func text(_ daysLate: Int) -> String {
        if daysLate > 0 { return trn("{count} day late", "{count} days late", daysLate) }
        if daysLate == 0 { return tr("due today") }
        return trn("due in {count} day", "due in {count} days", -daysLate)
    }
}
