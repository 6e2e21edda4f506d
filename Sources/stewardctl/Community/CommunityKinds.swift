import ArgumentParser
import StewardCore

// The app's community pages and map pins on the kit's generic commands.
enum CommunityPageKind: RecordKind { static var type: RecordType { .communityPage } }
enum MapPinKind: RecordKind { static var type: RecordType { .mapPin } }

enum CommunityKinds {
    static let commands: [any ParsableCommand.Type] = [RecordCommands<CommunityPageKind>.self, RecordCommands<MapPinKind>.self]
}
