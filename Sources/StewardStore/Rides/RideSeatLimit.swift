import Foundation
import StewardCore

/// A ride offer's seats, held on the store: an assignment pushed for a leg whose seats are all
/// taken, for a cancelled offer or request, or for a passenger already seated on that leg, is
/// rejected. Pushes of one organization are decided one at a time over the stored records (as
/// the batch has left them), so two staff assigning the last seat at once get one success and
/// one rejected change naming the offer.
enum RideSeatLimit {
    static let entity = RecordType.rideAssignment.entity

    /// The live assignments of the offers and requests the batch's assignments name: read with
    /// the batch so the seats can be counted.
    static func queries(_ batch: PushBatch, clientLastMutationId last: Int64) -> [PushPlanner.ReferrerQuery] {
        var offers = Set<String>(), requests = Set<String>()
        for item in batch.items where item.id > last && item.operation == .upsert && item.entity == entity {
            if let offer = item.fields?["offer"]?.stringValue { offers.insert(offer.lowercased()) }
            if let request = item.fields?["request"]?.stringValue { requests.insert(request.lowercased()) }
        }
        guard !offers.isEmpty || !requests.isEmpty else { return [] }
        return [PushPlanner.ReferrerQuery(entity: entity, field: "offer", targetIds: offers.sorted()),
                PushPlanner.ReferrerQuery(entity: entity, field: "request", targetIds: requests.sorted())]
    }

    /// Why a checked assignment may not be stored, if it may not.
    static func refusal(_ item: PushBatch.Item, fields: JSONValue, records: [RecordKey: RemoteRecord]) -> String? {
        guard item.entity == entity, let offer = fields["offer"]?.stringValue, let request = fields["request"]?.stringValue,
              let leg = fields["leg"]?.stringValue else { return nil }
        guard let offerRecord = records[RecordKey(entity: RecordType.rideOffer.entity, id: offer)], !offerRecord.deleted else { return nil }
        if offerRecord.fields["cancelled"]?.boolValue == true { return "offer: the ride offer \(offer) is cancelled" }
        if let requestRecord = records[RecordKey(entity: RecordType.rideRequest.entity, id: request)],
           requestRecord.fields["cancelled"]?.boolValue == true {
            return "request: the ride request \(request) is cancelled"
        }
        let others = records.values.filter { record in
            record.entity == entity && record.id != item.recordId && !record.deleted && record.fields["leg"]?.stringValue == leg
        }
        if let seated = others.first(where: { $0.fields["request"]?.stringValue == request }) {
            return "request: the passenger already rides with offer \(seated.fields["offer"]?.stringValue ?? "") on the \(leg) leg (assignment \(seated.id))"
        }
        let seats = offerRecord.fields["seats"]?.int64Value ?? 0
        let taken = others.filter { $0.fields["offer"]?.stringValue == offer }.count
        if taken >= seats {
            return "offer: the ride offer \(offer) has no seat left on the \(leg) leg (\(seats) seats, all taken)"
        }
        return nil
    }
}
