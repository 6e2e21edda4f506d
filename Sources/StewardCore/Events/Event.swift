import Foundation

/// A labelled web link shown with an event ("Register", "Livestream").
public struct EventLink: Hashable, Sendable, Codable {
    public var label: String
    public var url: String

    public init(label: String, url: String) {
        self.label = label
        self.url = url
    }
}

/// Who to ask about an event.
public struct Contact: Hashable, Sendable, Codable {
    public var name: String
    public var email: String?
    public var phone: String?

    public init(name: String = "", email: String? = nil, phone: String? = nil) {
        self.name = name
        self.email = email
        self.phone = phone
    }
}

public struct Coordinate: Hashable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// What staff edit about an event: every value here has passed validation.
public struct EventDetails: Hashable, Sendable {
    public var title: String
    public var description: String
    public var locationName: String
    public var address: String
    public var coordinate: Coordinate?
    public var timing: EventTiming
    public var imageURL: String?
    public var links: [EventLink]
    public var host: String
    public var contact: Contact
    public var audience: [String]
    /// Passport stamps an attendee earns (city offices); 0 when the event gives none.
    public var stampValue: Int
    public var rideSharing: Bool
    /// Minutes before each start its audience is reminded (`EventReminder.minutes`); 0: none.
    public var remindBefore: Int
    /// The id of the organization's calendar it belongs to (`EventCalendar`), lower-case; "":
    /// none.
    public var calendar: String
    /// The ids of the campus and the ministry it concerns (`CampusTags`), lower-case; "": all.
    public var campus: String
    public var ministry: String
    /// How it repeats; `.none` for an event that happens once.
    public var repeats: EventRepeats

    public init(title: String, description: String = "", locationName: String = "", address: String = "",
                coordinate: Coordinate? = nil, timing: EventTiming, imageURL: String? = nil,
                links: [EventLink] = [], host: String = "", contact: Contact = Contact(),
                audience: [String] = [], stampValue: Int = 0, rideSharing: Bool = false, remindBefore: Int = 0,
                calendar: String = "", campus: String = "", ministry: String = "",
                repeats: EventRepeats = .none) {
        self.title = title
        self.description = description
        self.locationName = locationName
        self.address = address
        self.coordinate = coordinate
        self.timing = timing
        self.imageURL = imageURL
        self.links = links
        self.host = host
        self.contact = contact
        self.audience = audience
        self.stampValue = stampValue
        self.rideSharing = rideSharing
        self.remindBefore = remindBefore
        self.calendar = calendar
        self.campus = campus
        self.ministry = ministry
        self.repeats = repeats
    }
}

/// An event as stored: its details plus what sync needs from the first day: a UUID made here,
/// the organization, the server version it was based on, and a tombstone for deletes.
public struct Event: Hashable, Sendable, Identifiable {
    public var id: UUID
    public var orgId: UUID
    /// The remote store's version this copy is based on; 0 until the store has seen it.
    public var version: Int64
    public var createdAt: Date
    public var updatedAt: Date
    public var deleted: Bool
    public var details: EventDetails

    public init(id: UUID = UUID(), orgId: UUID, version: Int64 = 0, createdAt: Date = Date(),
                updatedAt: Date = Date(), deleted: Bool = false, details: EventDetails) {
        self.id = id
        self.orgId = orgId
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deleted = deleted
        self.details = details
    }
}
