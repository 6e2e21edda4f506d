import ArgumentParser
import StewardCore

// The passport's levels and prizes on the kit's generic commands; redemptions have their own
// (`stewardctl redemptions`), as they name a member by e-mail and are never changed.
enum PassportLevelKind: RecordKind { static var type: RecordType { .passportLevel } }
enum PrizeKind: RecordKind { static var type: RecordType { .prize } }

enum PrizeKinds {
    static let commands: [any ParsableCommand.Type] = [
        RecordCommands<PassportLevelKind>.self, RecordCommands<PrizeKind>.self, RedemptionsCommand.self,
    ]
}
