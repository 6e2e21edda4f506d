import Foundation

/// The columns an event list can be sorted by.
public enum EventSortKey: String, CaseIterable, Sendable {
    case starts
    case title
    case location
    case updated
    /// What a person opening the list wants first: what is on now or still to come, soonest
    /// first (ongoing events, which have no time, at the head), then what is over, the most
    /// recent first. A series counts as to come while it repeats.
    case upcoming
}

/// What an event list shows: one organization's events, optionally narrowed by a search, in
/// one order.
public struct EventQuery: Hashable, Sendable {
    public var orgId: UUID
    public var search: String
    public var sort: EventSortKey
    public var ascending: Bool
    /// Only events with an occurrence in this time (a date read from the search, see
    /// `DateSearchParser`); `search` then holds the other words.
    public var dates: DateInterval?
    /// Only events that concern this campus and ministry (`CampusChoice.concerns`: those
    /// tagged with them, and those tagged with none); empty: every event.
    public var concerning: CampusChoice

    public init(orgId: UUID, search: String = "", sort: EventSortKey = .starts, ascending: Bool = true,
                dates: DateInterval? = nil, concerning: CampusChoice = CampusChoice()) {
        self.concerning = concerning
        self.orgId = orgId
        self.search = search
        self.sort = sort
        self.ascending = ascending
        self.dates = dates
    }
}

/// What a list row needs, and no more: lists fetch rows only for what is on screen.
public struct EventRow: Hashable, Sendable, Identifiable {
    /// The row's key in the database (SQLite rowid): what list models hold.
    public var key: Int64
    public var id: UUID
    public var title: String
    public var locationName: String
    public var timing: EventTiming
    public var updatedAt: Date
    public var stampValue: Int
    public var rideSharing: Bool
    /// A series' repeat rule (libical's text); empty for an event that happens once.
    public var repeatRule: String
    /// The event's picture as stored: a media library id, an address, or nil.
    public var imageURL: String?

    public init(key: Int64, id: UUID, title: String, locationName: String, timing: EventTiming,
                updatedAt: Date, stampValue: Int, rideSharing: Bool, repeatRule: String = "", imageURL: String? = nil) {
        self.key = key
        self.id = id
        self.title = title
        self.locationName = locationName
        self.timing = timing
        self.updatedAt = updatedAt
        self.stampValue = stampValue
        self.rideSharing = rideSharing
        self.repeatRule = repeatRule
        self.imageURL = imageURL
    }
}
