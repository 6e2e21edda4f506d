extension RejectedChange {
    /// The fields as an event's, for the event editor; nil for other types or fields that do
    /// not read as an event.
    public var details: EventDetails? {
        guard entity == SyncEntity.event else { return nil }
        return fields.flatMap { try? EventDetails(syncFields: $0) }
    }
}
