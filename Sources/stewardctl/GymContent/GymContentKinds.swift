import ArgumentParser
import StewardCore

// The gym's own content on the kit's generic commands: `daily-quotes`, `gym-info` and `trainers`.
enum DailyQuoteKind: RecordKind { static var type: RecordType { .dailyQuote } }
enum GymInfoKind: RecordKind { static var type: RecordType { .gymInfo } }
enum TrainerKind: RecordKind { static var type: RecordType { .trainer } }

enum GymContentKinds {
    static let commands: [any ParsableCommand.Type] = [RecordCommands<DailyQuoteKind>.self, RecordCommands<GymInfoKind>.self,
                                                       RecordCommands<TrainerKind>.self]
}
