import Translation

/// A passport level: reached at `threshold` stamps.
public struct PassportLevel: Hashable, Sendable {
    /// The word that never changes with the language (`bronze`): JSON, style classes.
    public let key: String
    public let threshold: Int
    let declaredName: Translatable

    public init(key: String, threshold: Int, name: Translatable) {
        self.key = key
        self.threshold = threshold
        declaredName = name
    }

    /// "Bronze", in the person's language.
    public var name: String { declaredName.text }
}

/// The levels of an organization's passport, lowest first. Every organization has the original
/// app's bronze 7, silver 10 and gold 15 for now; thresholds of its own will come with the prizes
/// page (issue 11, item 3), and everything that reads a level takes a `PassportLevels`, so they
/// can without touching the ledger.
public struct PassportLevels: Sendable {
    public let levels: [PassportLevel]

    /// `levels` in any order; kept lowest first.
    public init(_ levels: [PassportLevel]) {
        self.levels = levels.sorted { $0.threshold < $1.threshold }
    }

    public static let standard = PassportLevels([
        PassportLevel(key: "bronze", threshold: 7, name: trLater("Bronze")),
        PassportLevel(key: "silver", threshold: 10, name: trLater("Silver")),
        PassportLevel(key: "gold", threshold: 15, name: trLater("Gold")),
    ])

    /// The highest level `stamps` reach; nil below the first.
    public func level(for stamps: Int) -> PassportLevel? {
        levels.last { stamps >= $0.threshold }
    }

    /// The next level up and how many stamps are missing; nil at the top.
    public func next(after stamps: Int) -> (level: PassportLevel, missing: Int)? {
        levels.first { stamps < $0.threshold }.map { ($0, $0.threshold - stamps) }
    }
}
