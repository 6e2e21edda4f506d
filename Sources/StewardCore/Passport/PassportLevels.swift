import Foundation
import GRDB
import Translation

/// A passport level: reached at `threshold` stamps.
public struct PassportLevel: Hashable, Sendable {
    /// The word that never changes with the language (`bronze`): JSON, style classes. For an
    /// organization's own level, its name in lower case.
    public let key: String
    public let threshold: Int
    let declaredName: Translatable?
    /// The name an organization gave its own level, shown as typed.
    let ownName: String?
    /// The `passportLevel` record it comes from; nil for the standard levels.
    public let recordId: String?

    public init(key: String, threshold: Int, name: Translatable) {
        self.key = key
        self.threshold = threshold
        declaredName = name
        ownName = nil
        recordId = nil
    }

    /// An organization's own level, from its `passportLevel` record.
    public init?(record: LocalRecord) {
        self.init(id: record.key, fields: record.fields)
    }

    /// An organization's own level from its record's id and fields (as the store keeps them).
    public init?(id: String, fields: JSONValue) {
        guard let name = fields["name"]?.stringValue, let stamps = fields["stamps"]?.int64Value else { return nil }
        key = name.lowercased()
        threshold = Int(stamps)
        declaredName = nil
        ownName = name
        recordId = id
    }

    /// "Bronze", in the person's language (an organization's own name as it typed it).
    public var name: String { ownName ?? declaredName?.text ?? key }
}

/// The levels of an organization's passport, lowest first: its own `passportLevel` records,
/// or, while it keeps none, the original app's bronze 7, silver 10 and gold 15. Everything that
/// reads a level takes a `PassportLevels`, so thresholds change without touching the ledger.
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

extension PassportLevels {
    /// The organization's levels: its own records, else the standard ones.
    public static func of(_ records: [LocalRecord]) -> PassportLevels {
        let own = records.filter { !$0.deleted }.compactMap(PassportLevel.init(record:))
        return own.isEmpty ? .standard : PassportLevels(own)
    }

    static func of(_ org: Organization, _ db: Database) throws -> PassportLevels {
        of(try RecordService.live(.passportLevel, org: org, db))
    }

    /// The organization's levels, read from the console's database.
    public static func of(_ org: Organization, database: AppDatabase) async throws -> PassportLevels {
        try await database.writer.read { db in try of(org, db) }
    }
}
