import ArgumentParser
import StewardCore

// Ride sharing's stored types on the kit's generic commands; `rides` adds the board's moves.
enum RideOfferKind: RecordKind { static var type: RecordType { .rideOffer } }
enum RideRequestKind: RecordKind { static var type: RecordType { .rideRequest } }
enum RideAssignmentKind: RecordKind { static var type: RecordType { .rideAssignment } }
enum RideNotificationKind: RecordKind { static var type: RecordType { .rideNotification } }
enum RideSettingsKind: RecordKind { static var type: RecordType { .rideSettings } }
enum RideEventPickupKind: RecordKind { static var type: RecordType { .rideEventPickup } }

enum RideKinds {
    static let commands: [any ParsableCommand.Type] = [
        RecordCommands<RideOfferKind>.self, RecordCommands<RideRequestKind>.self, RecordCommands<RideAssignmentKind>.self,
        RecordCommands<RideNotificationKind>.self, RecordCommands<RideSettingsKind>.self, RecordCommands<RideEventPickupKind>.self,
    ]
}
