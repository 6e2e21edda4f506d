import Translation

/// How people call a record type, in each form the window and the messages need. Every form is
/// declared whole rather than made from another by English rules (an added "s", each word
/// capitalized), so a translation can say each its own way; the counted form is a plural of
/// its own for the same reason.
public struct RecordNouns: Sendable {
    /// "giving fund", in running text.
    public let one: Translatable
    /// "giving funds".
    public let many: Translatable
    /// "Giving Fund", in titles and on buttons ("New Giving Fund").
    public let title: Translatable
    /// "Giving Funds".
    public let pluralTitle: Translatable
    private let counted: @Sendable (_ count: Int, _ digits: String) -> String

    /// `counted` gives "{count} giving fund" / "{count} giving funds" with `trn`, `{count}`
    /// filled with the digits it is handed.
    public init(_ one: Translatable, _ many: Translatable, title: Translatable, pluralTitle: Translatable,
                counted: @escaping @Sendable (_ count: Int, _ digits: String) -> String) {
        self.one = one
        self.many = many
        self.title = title
        self.pluralTitle = pluralTitle
        self.counted = counted
    }

    /// "1 giving fund", "1,024 giving funds".
    public func count(_ n: Int) -> String {
        counted(n, NumberText.grouped(n))
    }
}
