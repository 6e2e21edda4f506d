import ArgumentParser
import StewardCore

// The gym's own content on the kit's generic commands: `daily-quotes` and `gym-info`.
enum DailyQuoteKind: RecordKind { static var type: RecordType { .dailyQuote } }
enum GymInfoKind: RecordKind { static var type: RecordType { .gymInfo } }

enum GymContentKinds {
    static let commands: [any ParsableCommand.Type] = [RecordCommands<DailyQuoteKind>.self, RecordCommands<GymInfoKind>.self]
}
